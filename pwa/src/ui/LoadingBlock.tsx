import { Spinner } from './Spinner';

/** A spinner with its label also shown under it, in the middle of a screen's body while it loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-slate-700">
      <Spinner label={label} />
      <p aria-hidden="true">{label}</p>
    </div>
  );
}
