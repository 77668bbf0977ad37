import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';
import { InputField } from '@/components/ui/field';
import { useLocations, type PlaceKind } from '../api/get-locations';
import { useDebouncedValue } from '../utils/use-debounced-value';

interface PlaceInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'list'> {
  kind: PlaceKind;
  label: string;
  /** The field's current text, to ask the server for matching places. */
  query: string;
  error?: string | undefined;
}

/**
 * A place field with suggestions from /rides/locations/{from|to} (a native datalist: keyboard and
 * screen-reader friendly). Suggestions are asked for once the field has had focus: a screen opening
 * with two place fields otherwise made two requests and re-rendered twice before anyone typed.
 */
export const PlaceInput = forwardRef<HTMLInputElement, PlaceInputProps>(function PlaceInput(
  { kind, label, query, error, onFocus, ...props },
  ref,
) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const q = useDebouncedValue(query.trim());
  const { data: places = [] } = useLocations(kind, q, focused);
  return (
    <>
      <InputField
        ref={ref}
        label={label}
        error={error}
        list={listId}
        autoComplete="off"
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        {...props}
      />
      <datalist id={listId}>
        {places.slice(0, 10).map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
    </>
  );
});
