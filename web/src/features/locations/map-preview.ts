/** Size of the map preview, in SVG units (pixels at 1:1). */
export const PREVIEW_WIDTH = 480;
export const PREVIEW_HEIGHT = 240;
/** The zoom when the application has none: a province fits in the preview. */
export const DEFAULT_ZOOM = 8;

/** Web Mercator world coordinates (0–256 at zoom 0) of a point, as map tiles use. */
function world(latitude: number, longitude: number): [number, number] {
  const sin = Math.min(Math.max(Math.sin((latitude * Math.PI) / 180), -0.9999), 0.9999);
  return [256 * (0.5 + longitude / 360), 256 * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
}

/**
 * Where a location's marker lands in the preview centred on the application's map
 * centre at its zoom; null when it falls outside the preview.
 */
export function markerPosition(
  point: { latitude: number; longitude: number },
  centre: { latitude: number; longitude: number; zoom: number },
): { x: number; y: number } | null {
  const scale = 2 ** centre.zoom;
  const [px, py] = world(point.latitude, point.longitude);
  const [cx, cy] = world(centre.latitude, centre.longitude);
  const x = PREVIEW_WIDTH / 2 + (px - cx) * scale;
  const y = PREVIEW_HEIGHT / 2 + (py - cy) * scale;
  if (x < 0 || x > PREVIEW_WIDTH || y < 0 || y > PREVIEW_HEIGHT) return null;
  return { x, y };
}
