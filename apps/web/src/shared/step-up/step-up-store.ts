import { create } from 'zustand';

interface StepUpState {
  /** The sheet is showing. */
  open: boolean;
  /** How many sheets are mounted (none in a bare component test: nothing can answer). */
  mounted: number;
  /** Every caller waiting on the one sheet: a step-up answers them all. */
  waiting: Array<(done: boolean) => void>;
}

export const useStepUp = create<StepUpState>(() => ({ open: false, mounted: 0, waiting: [] }));

/**
 * Opens the step-up sheet (SPEC §13.1) and resolves true once the reader has made a fresh proof,
 * false when they close it. Calls refused at the same moment share the one sheet.
 */
export function requestStepUp(): Promise<boolean> {
  if (useStepUp.getState().mounted === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    useStepUp.setState((s) => ({ open: true, waiting: [...s.waiting, resolve] }));
  });
}

/** Closes the sheet, answering every waiting caller. */
export function finishStepUp(done: boolean): void {
  const { waiting } = useStepUp.getState();
  useStepUp.setState({ open: false, waiting: [] });
  for (const resolve of waiting) resolve(done);
}

export function sheetMounted(): () => void {
  useStepUp.setState((s) => ({ mounted: s.mounted + 1 }));
  return () => {
    useStepUp.setState((s) => ({ mounted: s.mounted - 1 }));
    if (useStepUp.getState().mounted === 0) finishStepUp(false);
  };
}
