import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ToolNotFoundError, locateTool } from './ffmpeg-tools.ts';

describe('locateTool', () => {
  let root: string;
  /** A directory holding a runnable `ffprobe`. */
  let withProgram: string;
  /** Directories whose `ffprobe` is not a runnable file: a plain file, then a folder. */
  let withData: string;
  let withFolder: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'arena-tools-'));
    withProgram = path.join(root, 'bin');
    withData = path.join(root, 'data');
    withFolder = path.join(root, 'folder');
    for (const directory of [withProgram, withData, withFolder]) await mkdir(directory);
    await writeFile(path.join(withProgram, 'ffprobe'), '#!/bin/sh\necho system\n');
    await chmod(path.join(withProgram, 'ffprobe'), 0o755);
    await writeFile(path.join(withData, 'ffprobe'), 'not a program');
    await chmod(path.join(withData, 'ffprobe'), 0o644);
    await mkdir(path.join(withFolder, 'ffprobe'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const searchPath = (...directories: string[]) => directories.join(path.delimiter);

  it('takes the system program on the search path before the npm one', async () => {
    const found = await locateTool('ffprobe', {
      searchPath: searchPath(withData, withFolder, withProgram),
      npmBinary: () => {
        throw new Error('the npm package must not be consulted');
      },
    });
    expect(found).toEqual({ path: path.join(withProgram, 'ffprobe'), source: 'system' });
  });

  it('takes the file FFPROBE_PATH names first, and refuses one that is not a program', async () => {
    const named = path.join(withProgram, 'ffprobe');
    const found = await locateTool('ffprobe', {
      env: { FFPROBE_PATH: named },
      searchPath: searchPath(withData),
      npmBinary: () => {
        throw new Error('the npm package must not be consulted');
      },
    });
    expect(found).toEqual({ path: named, source: 'system' });
    await expect(
      locateTool('ffmpeg', { env: { FFMPEG_PATH: path.join(withData, 'ffprobe') } }),
    ).rejects.toThrow(/FFMPEG_PATH=.* is not an executable file/);
  });

  it('falls back to the ffmpeg that @ffmpeg-installer ships, which encodes H.264 and AAC', async () => {
    const found = await locateTool('ffmpeg', { env: {}, searchPath: searchPath(withData) });
    expect(found.source).toBe('npm');
    const { stdout } = await promisify(execFile)(found.path, ['-hide_banner', '-encoders'], {
      maxBuffer: 4 * 1024 * 1024,
    });
    expect(stdout).toMatch(/ libx264 /);
    expect(stdout).toMatch(/ aac /);
  });

  it('never runs a program from the working directory (an empty or relative PATH entry)', async () => {
    const found = await locateTool('ffprobe', {
      searchPath: searchPath('', '.', path.relative(process.cwd(), withProgram)),
      npmBinary: () => path.join(withProgram, 'ffprobe'),
    });
    expect(found.source).toBe('npm');
  });

  it('falls back to the ffprobe that @ffprobe-installer ships, and it runs', async () => {
    const found = await locateTool('ffprobe', { searchPath: searchPath(withData, withFolder) });
    expect(found.source).toBe('npm');
    expect(found.path).toContain(`${path.sep}@ffprobe-installer${path.sep}`);
    const { stdout } = await promisify(execFile)(found.path, ['-version']);
    expect(stdout).toMatch(/^ffprobe version /);
  });

  it('says how to install the tool when neither is there, or the shipped one cannot run', async () => {
    const missing = locateTool('ffmpeg', {
      searchPath: searchPath(withData),
      npmBinary: (name) => {
        throw new Error(`Cannot find module '${name}'`);
      },
    });
    await expect(missing).rejects.toBeInstanceOf(ToolNotFoundError);
    await expect(missing).rejects.toThrow(/apt-get install ffmpeg.*@ffmpeg-installer\/ffmpeg/);

    const notExecutable = locateTool('ffprobe', {
      searchPath: '',
      npmBinary: () => path.join(withData, 'ffprobe'),
    });
    await expect(notExecutable).rejects.toThrow(/is not an executable file/);
  });
});
