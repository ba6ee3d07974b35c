import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { loadOnce } from '../../load-once.ts';

/** The FFmpeg programs Arena runs: ffprobe reads uploaded videos; ffmpeg is for transcoding. */
export type FfmpegTool = 'ffprobe' | 'ffmpeg';

/**
 * The npm packages that carry each program for this platform. The binary is inside the registry
 * package (an optional dependency per platform), so installing downloads nothing else.
 */
const NPM_PACKAGES: Record<FfmpegTool, string> = {
  ffprobe: '@ffprobe-installer/ffprobe',
  ffmpeg: '@ffmpeg-installer/ffmpeg',
};

export interface LocatedTool {
  path: string;
  /** `system`: found on PATH; `npm`: the binary an npm package ships. */
  source: 'system' | 'npm';
}

export class ToolNotFoundError extends Error {
  constructor(tool: FfmpegTool, why: string) {
    super(
      `${tool} was not found: install it on the system (Debian: apt-get install ffmpeg) or run ` +
        `npm install so that ${NPM_PACKAGES[tool]} brings its binary (${why})`,
    );
    this.name = 'ToolNotFoundError';
  }
}

/** A variable that names each program's file, ahead of every search. */
const PATH_VARIABLES: Record<FfmpegTool, string> = {
  ffprobe: 'FFPROBE_PATH',
  ffmpeg: 'FFMPEG_PATH',
};

interface LocateOptions {
  /** The environment the `FFMPEG_PATH` / `FFPROBE_PATH` variables are read from. */
  env?: NodeJS.ProcessEnv;
  /** The directories searched first, in PATH's syntax. */
  searchPath?: string;
  platform?: NodeJS.Platform;
  /** Loads an npm package by name and gives its `path` export (tests replace it). */
  npmBinary?: (packageName: string) => string;
}

const requireHere = createRequire(import.meta.url);

function npmBinaryPath(packageName: string): string {
  return (requireHere(packageName) as { path: string }).path;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where `tool` is: the file `FFMPEG_PATH` (`FFPROBE_PATH`) names when set; else a system copy on
 * the search path, since the system's package manager keeps it patched (its demuxers read files
 * strangers upload); else the one an npm package ships, so that `npm install` alone gives a
 * working server.
 */
export async function locateTool(
  tool: FfmpegTool,
  {
    env = process.env,
    searchPath = env.PATH ?? '',
    platform = process.platform,
    npmBinary = npmBinaryPath,
  }: LocateOptions = {},
): Promise<LocatedTool> {
  const named = env[PATH_VARIABLES[tool]];
  if (named) {
    if (path.isAbsolute(named) && (await isExecutableFile(named))) {
      return { path: named, source: 'system' };
    }
    throw new ToolNotFoundError(tool, `${PATH_VARIABLES[tool]}=${named} is not an executable file`);
  }
  const name = platform === 'win32' ? `${tool}.exe` : tool;
  for (const directory of searchPath.split(path.delimiter)) {
    // An empty entry would mean the working directory: never run a program from there.
    if (!path.isAbsolute(directory)) continue;
    const candidate = path.join(directory, name);
    if (await isExecutableFile(candidate)) return { path: candidate, source: 'system' };
  }
  let shipped: string;
  try {
    shipped = npmBinary(NPM_PACKAGES[tool]);
  } catch (error) {
    throw new ToolNotFoundError(tool, (error as Error).message.split('\n')[0] ?? 'no package');
  }
  if (!(await isExecutableFile(shipped))) {
    // The platform package makes its binary executable in a postinstall script; an install with
    // scripts turned off leaves it as plain data.
    throw new ToolNotFoundError(tool, `${shipped} is not an executable file`);
  }
  return { path: shipped, source: 'npm' };
}

const found: Record<FfmpegTool, () => Promise<LocatedTool>> = {
  ffprobe: loadOnce(() => locateTool('ffprobe')),
  ffmpeg: loadOnce(() => locateTool('ffmpeg')),
};

/** `locateTool` once per process; a failed search is tried again at the next use. */
export function findTool(tool: FfmpegTool): Promise<LocatedTool> {
  return found[tool]();
}
