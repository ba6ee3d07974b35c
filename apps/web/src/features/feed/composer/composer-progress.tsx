import { Progress } from 'radix-ui';

import { progressLabel } from './progress.ts';

/** The bar under the composer while a file is processed or a post goes up. */
export function ComposerProgress({ value }: { value: number }) {
  const label = progressLabel(value);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <Progress.Root
        value={value}
        max={100}
        aria-label={label}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <Progress.Indicator
          className="h-full bg-blue-700 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </Progress.Root>
    </div>
  );
}
