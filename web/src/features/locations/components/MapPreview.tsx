import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ZOOM, markerPosition, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '@/features/locations/map-preview';
import { fetchApplication } from '@/lib/application';
import '@/features/locations/i18n';

/**
 * A map preview without map tiles (it works offline and sends no one the address): a
 * grid centred on the application's map settings with the location's marker, or a note
 * when the coordinates are missing or outside the application's map.
 */
export function MapPreview({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: ['locations', 'map-centre'],
    queryFn: ({ signal }) => fetchApplication(signal),
    staleTime: 5 * 60_000,
  }).data;
  if (latitude === null || longitude === null) return <p className="field__hint">{t('locations.map.noCoordinates')}</p>;
  const centre = {
    latitude: settings?.latitude ?? latitude,
    longitude: settings?.longitude ?? longitude,
    zoom: settings?.zoom ?? DEFAULT_ZOOM,
  };
  const marker = markerPosition({ latitude, longitude }, centre);
  const lines = Array.from({ length: 7 }, (_, i) => i);
  return (
    <figure className="map-preview">
      <svg
        viewBox={`0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}`}
        width="100%"
        role="img"
        aria-label={t('locations.map.label', { latitude, longitude })}
      >
        <rect width={PREVIEW_WIDTH} height={PREVIEW_HEIGHT} fill="#eef3f7" />
        {lines.map((i) => (
          <g key={i} stroke="#d5dee6">
            <line x1={(i * PREVIEW_WIDTH) / 6} y1={0} x2={(i * PREVIEW_WIDTH) / 6} y2={PREVIEW_HEIGHT} />
            <line x1={0} y1={(i * PREVIEW_HEIGHT) / 6} x2={PREVIEW_WIDTH} y2={(i * PREVIEW_HEIGHT) / 6} />
          </g>
        ))}
        {marker && (
          <g data-testid="map-marker" transform={`translate(${marker.x} ${marker.y})`}>
            <path d="M0 0 L-9 -18 A10 10 0 1 1 9 -18 Z" fill="var(--color-primary, #1f6feb)" />
            <circle cy={-22} r={4} fill="#fff" />
          </g>
        )}
      </svg>
      {!marker && <figcaption className="field__hint">{t('locations.map.outside')}</figcaption>}
    </figure>
  );
}
