import { useQuery } from '@tanstack/react-query';
import { useField, useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { CheckboxListField, ChosenNamesField, FormSection, SwitchField, TextAreaField, TextField, UploadFormField, UrlFormField } from '@/components/form';
import type { Location, LocationInput, OpeningDay } from '@/features/locations/api/types';
import { MapPreview } from '@/features/locations/components/MapPreview';
import { OpeningHoursField } from '@/features/locations/components/OpeningHoursField';
import { api } from '@/lib/api-client';
import { can } from '@/lib/authorization';
import { fetchList } from '@/lib/list';
import { WEEKDAYS } from '@/lib/format';
import '@/features/locations/i18n';
import { imageRules } from '@/lib/image-rules';
import { useAuthStore } from '@/stores/auth';

/** A weekday as the form holds it: times as typed ('' when closed). */
type DayValues = Pick<OpeningDay, 'weekday' | 'is_open'> & { opened_at: string; closed_at: string };

/** The form's values: coordinates as typed. */
export interface LocationValues extends Omit<LocationInput, 'latitude' | 'longitude' | 'opening_hours'> {
  latitude: string;
  longitude: string;
  opening_hours: DayValues[];
}

const closedWeek = () => WEEKDAYS.map((weekday) => ({ weekday, is_open: false, opened_at: '', closed_at: '' }));

export const emptyLocation: LocationValues = {
  name: '',
  street: '',
  house_number: '',
  zipcode: '',
  city: '',
  latitude: '',
  longitude: '',
  notes: '',
  location_types: [],
  sports: [],
  contacts: [],
  is_hidden: false,
  show_link: false,
  link_label: '',
  link: '',
  image_id: null,
  opening_hours: closedWeek(),
};

export function locationValues(location: Location): LocationValues {
  return {
    ...emptyLocation,
    ...location,
    latitude: location.latitude == null ? '' : String(location.latitude),
    longitude: location.longitude == null ? '' : String(location.longitude),
    opening_hours: location.opening_hours.map((day) => ({
      weekday: day.weekday,
      is_open: day.is_open,
      opened_at: day.opened_at ?? '',
      closed_at: day.closed_at ?? '',
    })),
  };
}

const coordinate = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

export function locationBody(values: LocationValues): LocationInput {
  return {
    name: values.name.trim(),
    street: values.street,
    house_number: values.house_number,
    zipcode: values.zipcode,
    city: values.city,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
    notes: values.notes,
    location_types: values.location_types,
    sports: values.sports,
    contacts: values.contacts,
    is_hidden: values.is_hidden,
    show_link: values.show_link,
    link_label: values.link_label,
    link: values.link ?? '',
    image_id: values.image_id,
    opening_hours: values.opening_hours.map((day) =>
      day.is_open ? day : { weekday: day.weekday, is_open: false, opened_at: '', closed_at: '' },
    ),
  };
}

export function locationSchema(t: TFunction) {
  const field = t('locations.fields.name').toLowerCase();
  const range = (max: number) =>
    yup
      .string()
      .test('range', t('locations.errors.coordinate', { max }), (value) => {
        const number = coordinate(value ?? '');
        return number === null || (Number.isFinite(number) && Math.abs(number) <= max);
      });
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(150, t('errors.maxLength', { field, length: 150 })),
    latitude: range(90),
    longitude: range(180),
    // The server's rule (domain/location): a shown link button needs its label and its address.
    link_label: yup.string().when('show_link', {
      is: true,
      then: (schema) => schema.trim().required(t('errors.required', { field: t('locations.fields.link_label').toLowerCase() })),
    }),
    link: yup
      .string()
      .nullable()
      .when('show_link', {
        is: true,
        then: (schema) => schema.trim().required(t('errors.required', { field: t('locations.fields.link').toLowerCase() })),
      }),
    opening_hours: yup.array().of(
      yup.object({
        is_open: yup.boolean(),
        opened_at: yup.string().when('is_open', {
          is: true,
          then: (schema) => schema.required(t('locations.errors.openedAt')),
        }),
        closed_at: yup.string().when(['is_open', 'opened_at'], ([isOpen, openedAt], schema) =>
          isOpen
            ? schema
                .required(t('locations.errors.closedAt'))
                .test('after', t('locations.errors.closesBeforeOpening'), (value) => !openedAt || !value || value > String(openedAt))
            : schema,
        ),
      }),
    ),
  });
}

interface Option {
  id: string;
  name: string;
}

/**
 * Checkboxes of a catalogue (sports, location types), loaded only for a user who may read
 * the catalogue (view-catalog); for anyone else the location's own choice is counted, as
 * its record holds ids, not names.
 */
function CatalogField({ name, path, label, names }: { name: 'sports' | 'location_types'; path: string; label: string; names?: Record<string, string> }) {
  const { t } = useTranslation();
  const mayRead = useAuthStore((state) => can(state.profile, 'view-catalog'));
  const [field] = useField<string[]>(name);
  const options = useQuery({
    queryKey: ['locations', 'options', path],
    queryFn: async ({ signal }) => (await api<{ data: Option[] }>(path, { signal, silent: true })).data,
    enabled: mayRead,
    retry: false,
  });
  if (!mayRead) return <ChosenNamesField label={label} ids={field.value} names={names} />;
  if (!options.data?.length) return null;
  return (
    <CheckboxListField
      name={name}
      label={label}
      options={options.data.map((option) => ({ value: option.id, label: option.name }))}
      hint={name === 'sports' ? t('locations.hints.sports') : undefined}
    />
  );
}

/** A location's fields in sections, in the order people fill them in. */
export function LocationInputs({ imageUrl, organizationId, names }: {
  imageUrl?: string | null;
  organizationId: string;
  /** The location's answer's names of its choices, for a reader of none of the lists (web-111). */
  names?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<LocationValues>();
  const mayReadContacts = useAuthStore((state) => can(state.profile, 'view-contacts'));
  // The organisation's contacts to choose from (the contacts screens add them).
  const contacts = useQuery({
    queryKey: ['contacts', 'organization', organizationId],
    queryFn: async ({ signal }) =>
      (
        await fetchList<Option>(
          `/v1/admin/organizations/${encodeURIComponent(organizationId)}/contacts`,
          { page: 1, itemsPerPage: 250 },
          signal,
        )
      ).rows,
    enabled: organizationId !== '' && mayReadContacts,
    retry: false,
  });
  const label = (name: string) => t(`locations.fields.${name}`);
  const section = (name: string) => t(`locations.sections.${name}`);
  return (
    <>
      <FormSection title={section('location')} description={section('locationHint')}>
        <TextField name="name" label={label('name')} required wide autoFocus />
        <TextAreaField name="notes" label={label('notes')} hint={t('locations.hints.notes')} />
      </FormSection>
      <FormSection title={section('address')} description={section('addressHint')}>
        <TextField name="street" label={label('street')} autoComplete="address-line1" />
        <TextField name="house_number" label={label('house_number')} />
        <TextField name="zipcode" label={label('zipcode')} autoComplete="postal-code" />
        <TextField name="city" label={label('city')} autoComplete="address-level2" />
        <TextField name="latitude" label={label('latitude')} inputMode="decimal" />
        <TextField name="longitude" label={label('longitude')} inputMode="decimal" />
        <div className="field field--wide">
          <MapPreview latitude={coordinate(values.latitude)} longitude={coordinate(values.longitude)} />
        </div>
      </FormSection>
      <FormSection title={section('image')} description={section('imageHint')}>
        <UploadFormField
          name="image_id"
          label={label('image')}
          previewUrl={imageUrl}
          rules={imageRules('location.image_id')}
          uploadOptions={{ visibility: 'public', path: 'locations' }}
        />
      </FormSection>
      <FormSection title={section('openingHours')} description={section('openingHoursHint')}>
        <OpeningHoursField />
      </FormSection>
      <FormSection title={section('offer')} description={section('offerHint')}>
        <CatalogField name="location_types" path="/v1/admin/location-types/all" label={label('location_types')} names={names} />
        <CatalogField name="sports" path="/v1/admin/sports/all" label={label('sports')} names={names} />
        {!mayReadContacts && <ChosenNamesField label={label('contacts')} ids={values.contacts} names={names} />}
        {contacts.data && contacts.data.length > 0 && (
          <CheckboxListField
            name="contacts"
            label={label('contacts')}
            options={contacts.data.map((contact) => ({ value: contact.id, label: contact.name }))}
          />
        )}
      </FormSection>
      <FormSection title={section('publication')} description={section('publicationHint')}>
        <SwitchField name="is_hidden" label={label('is_hidden')} />
        <SwitchField name="show_link" label={label('show_link')} />
        <TextField name="link_label" label={label('link_label')} required={values.show_link} />
        <UrlFormField name="link" label={label('link')} required={values.show_link} />
      </FormSection>
    </>
  );
}
