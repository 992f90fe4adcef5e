import 'antd-mobile/es/components/segmented/segmented.css';
import { type ReactNode, useId } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * One choice among a few (market, wallet, time window), drawn like antd-mobile's Segmented but
 * built from native radio buttons: announced as a named group whose options say which one is
 * checked, reached with Tab on the checked option and moved with the arrow keys.
 */
export function SegmentedControl<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
  testId,
}: {
  value: T;
  options: readonly SegmentOption<T>[];
  onChange: (value: T) => void;
  /** What is being chosen (the group's accessible name). */
  label: string;
  className?: string;
  testId?: string;
}) {
  const name = useId();
  return (
    <fieldset
      className={`adm-segmented adm-segmented-block kb-segmented-control ${className ?? ''}`}
      data-testid={testId}
    >
      <legend className="kb-visually-hidden">{label}</legend>
      <div className="adm-segmented-group">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={`adm-segmented-item ${checked ? 'adm-segmented-item-selected' : ''}`}
            >
              <input
                type="radio"
                className="kb-segmented-control__input"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
              />
              <span className="adm-segmented-item-label">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
