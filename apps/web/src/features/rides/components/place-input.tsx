import { forwardRef, useId, type InputHTMLAttributes } from 'react';
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

/** A place field with suggestions from /rides/locations/{from|to} (a native datalist: keyboard and screen-reader friendly). */
export const PlaceInput = forwardRef<HTMLInputElement, PlaceInputProps>(function PlaceInput(
  { kind, label, query, error, ...props },
  ref,
) {
  const listId = useId();
  const q = useDebouncedValue(query.trim());
  const { data: places = [] } = useLocations(kind, q);
  return (
    <>
      <InputField ref={ref} label={label} error={error} list={listId} autoComplete="off" {...props} />
      <datalist id={listId}>
        {places.slice(0, 10).map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
    </>
  );
});
