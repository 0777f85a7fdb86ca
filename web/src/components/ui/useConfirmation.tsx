import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/ConfirmDialog';

export type Question = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel' | 'busy'>;

/**
 * Asks a ConfirmDialog's question from inside an async handler (a form's submit):
 * `if (!(await ask({ title, body, confirmLabel }))) return;`. Render the element it answers.
 */
export function useConfirmation(): [ask: (question: Question) => Promise<boolean>, element: ReactNode] {
  const [asking, setAsking] = useState<{ question: Question; answer: (yes: boolean) => void } | null>(null);
  const ask = useCallback(
    (question: Question) =>
      new Promise<boolean>((resolve) => {
        setAsking({
          question,
          answer: (yes) => {
            setAsking(null);
            resolve(yes);
          },
        });
      }),
    [],
  );
  const element = asking ? (
    <ConfirmDialog open {...asking.question} onConfirm={() => asking.answer(true)} onCancel={() => asking.answer(false)} />
  ) : null;
  return [ask, element];
}
