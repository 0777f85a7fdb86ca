import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { MapboxSettings } from '@/features/applications/api/applications';

/** The form's values: number inputs give a number, or '' when emptied. */
export interface MapboxValues {
  longitude: number | '';
  latitude: number | '';
  zoom: number | '';
}

/** The server's bounds (domain/identity checkMap). */
export const MAP_BOUNDS = {
  longitude: [-180, 180],
  latitude: [-90, 90],
  zoom: [0, 22],
} as const;

export function mapboxSchema(t: TFunction) {
  const number = (field: keyof typeof MAP_BOUNDS) => {
    const [min, max] = MAP_BOUNDS[field];
    const message = t('applications.errors.range', { field: t(`applications.fields.${field}`), min, max });
    return yup
      .mixed<number | ''>()
      .test(field, message, (value) => value === '' || value === undefined || (typeof value === 'number' && value >= min && value <= max));
  };
  return yup.object({ longitude: number('longitude'), latitude: number('latitude'), zoom: number('zoom') });
}

export function mapboxValues(settings: MapboxSettings | undefined): MapboxValues {
  return {
    longitude: settings?.longitude ?? '',
    latitude: settings?.latitude ?? '',
    zoom: settings?.zoom ?? '',
  };
}

export function mapboxBody(values: MapboxValues): MapboxSettings {
  const value = (input: number | '') => (input === '' ? null : input);
  return { longitude: value(values.longitude), latitude: value(values.latitude), zoom: value(values.zoom) };
}
