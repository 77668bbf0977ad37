import { useQueryClient } from '@tanstack/react-query';
import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { InputField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { pickedText, usePlaces, type Place } from '../api/get-places';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export interface PlaceComboboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'list' | 'role'> {
  label: string;
  /** The field's current text, to ask the gazetteer for matching places. */
  query: string;
  /** A suggestion was chosen: the caller puts its name in the field (and may keep its coordinates). */
  onPick(place: Place): void;
  error?: string | undefined;
  /** Shown inside the field on the right, e.g. the "near me" button. */
  trailing?: ReactNode;
}

/** "Whitefield · Bengaluru, Karnataka"; a city's own name is not repeated as its area. */
export const placeContext = (p: Place) =>
  [p.area && p.area.toLowerCase() !== p.name.toLowerCase() ? p.area : '', p.state].filter(Boolean).join(', ');

interface ListProps {
  id: string;
  label: string;
  places: readonly Place[];
  active: number;
  shown: boolean;
  onPick(place: Place): void;
}

function Suggestions({ id, label, places, active, shown, onPick }: ListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={`${label} suggestions`}
      hidden={!shown}
      className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
    >
      {shown
        ? places.map((p, i) => (
            <li
              key={p.id || `${p.name}-${i}`}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the field, so the blur does not close the list before the click.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(p)}
              className={cn('cursor-pointer px-3 py-2', i === active ? 'bg-blue-50' : 'hover:bg-slate-50')}
            >
              <span className="block font-medium text-slate-900">{p.name}</span>
              <span className="block text-xs text-slate-600">{placeContext(p)}</span>
            </li>
          ))
        : null}
    </ul>
  );
}

/** Open/closed and the highlighted option, moved by the keys of the WAI-ARIA combobox pattern. */
function useListState(places: readonly Place[], onPick: (place: Place) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && places.length > 0;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (place: Place) => {
    onPick(place);
    close();
  };
  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = places.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      setOpen(true);
      setActive((i) => (!shown ? (down ? 0 : n - 1) : down ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && shown && places[active]) {
      e.preventDefault(); // takes the place, does not submit the form
      pick(places[active]);
    } else if (e.key === 'Escape' && open) {
      // Also before the suggestions have come: they must not open over the page after the key said no.
      if (shown) e.preventDefault();
      close();
    }
  };
  return { shown, active, pick, keys, close, typed: () => (setOpen(true), setActive(-1)) };
}

/**
 * A place field with suggestions from GET /api/places (WAI-ARIA editable combobox with list autocomplete):
 * Down and Up move through the list, Enter takes the highlighted place, Escape closes it. Whatever is typed
 * stays acceptable: a place the gazetteer does not know is matched by name (CONTRACT section 7). The list
 * is asked for only once the field has had focus, debounced, and cached per text for the visit.
 */
export const PlaceCombobox = forwardRef<HTMLInputElement, PlaceComboboxProps>(function PlaceCombobox(
  { label, query, onPick, error, trailing, onFocus, onBlur, onKeyDown, onChange, ...props },
  ref,
) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const q = useDebouncedValue(query.trim());
  const { data = [] } = usePlaces(q, focused);
  const places = q ? data : [];
  const client = useQueryClient();
  const typed = useRef(query);
  useEffect(() => {
    typed.current = query;
  }, [query]);
  // The name goes in at once; where the bare name would be another place of that name, it is then made
  // "Name, City" (pickedText), unless the field has been changed meanwhile.
  const take = (place: Place) => {
    const before = typed.current;
    onPick(place);
    void pickedText(client, place).then((text) => {
      const now = typed.current; // the picked name, or still the text before it if not drawn yet
      if (text !== place.name && (now === place.name || now === before)) onPick({ ...place, name: text });
    });
  };
  const list = useListState(places, take);
  return (
    <div className="relative">
      <InputField
        ref={ref}
        label={label}
        error={error}
        trailing={trailing}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={list.shown}
        aria-controls={listId}
        aria-activedescendant={list.shown && list.active >= 0 ? `${listId}-${list.active}` : undefined}
        autoComplete="off"
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          list.close();
          onBlur?.(e);
        }}
        onChange={(e) => {
          list.typed();
          onChange?.(e);
        }}
        onKeyDown={(e) => {
          onKeyDown?.(e);
          list.keys(e);
        }}
        {...props}
      />
      <Suggestions
        id={listId}
        label={label}
        places={places}
        active={list.active}
        shown={list.shown}
        onPick={list.pick}
      />
    </div>
  );
});
