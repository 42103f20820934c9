'use client';

/** The dismissible alert that shows a server answer ([R8.08]). */
export function DismissibleAlert({ text, onClose, tone = 'error' }: { text: string; onClose: () => void; tone?: 'error' | 'success' }) {
  const cls = tone === 'error' ? 'border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' : 'border-green-300 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100';
  return (
    <div role="alert" data-testid="dismissible-alert" className={`mb-4 flex items-start gap-3 rounded border px-4 py-3 ${cls}`}>
      <pre className="flex-1 font-sans text-sm break-all whitespace-pre-wrap">{text}</pre>
      <button type="button" aria-label="Close" className="text-lg leading-none" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
