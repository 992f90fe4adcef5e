import { lazy, Suspense, useEffect, useState } from 'react';
import { sheetMounted, useStepUp } from '../shared/step-up/step-up-store';

const StepUpSheet = lazy(() =>
  import('../shared/step-up/step-up-sheet').then((module) => ({ default: module.StepUpSheet })),
);

/**
 * Where the step-up sheet lives (SPEC §13.1): always ready to answer a refused call, but the sheet
 * (its form, the passkey prompt) is fetched the first time it is needed, not with the first screen.
 */
export function StepUpHost() {
  const open = useStepUp((s) => s.open);
  const [needed, setNeeded] = useState(false);
  useEffect(() => sheetMounted(), []);
  useEffect(() => {
    if (open) setNeeded(true);
  }, [open]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <StepUpSheet />
    </Suspense>
  );
}
