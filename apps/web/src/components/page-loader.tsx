import { Spinner } from './ui/spinner.tsx';

/** A whole page that waits, e.g. for the start-up session check: 'Loading...'. */
export function PageLoader() {
  return (
    <main className="grid min-h-dvh place-items-center p-8">
      <Spinner label="Loading..." showLabel />
    </main>
  );
}
