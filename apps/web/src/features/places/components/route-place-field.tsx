import { useWatch } from 'react-hook-form';
import type { RouteForm } from '../route-form';
import { NearMeButton } from './near-me-button';
import { PlaceCombobox } from './place-combobox';

interface Props {
  form: RouteForm;
  kind: 'from' | 'to';
  /** An example in the empty field, e.g. "e.g. Pune" (offering; an edit starts filled). */
  placeholder?: string | undefined;
  /** "Near me" beside the field (offering, on From). */
  nearMe?: boolean;
}

/** From or To of a route: the gazetteer's suggestions as the driver types, a pick written into the field. */
export function RoutePlaceField({ form, kind, placeholder, nearMe = false }: Props) {
  const query = useWatch({ control: form.control, name: kind });
  const put = (name: string) =>
    form.setValue(kind, name, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <PlaceCombobox
      label={kind === 'from' ? 'From' : 'To'}
      placeholder={placeholder}
      query={query ?? ''}
      onPick={(p) => put(p.name)}
      error={form.formState.errors[kind]?.message}
      trailing={nearMe ? <NearMeButton onPlace={(p) => put(p.name)} /> : undefined}
      {...form.register(kind)}
    />
  );
}
