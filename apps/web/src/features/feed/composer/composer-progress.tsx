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
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-blue-700 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
