import { markerPosition, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '@/features/locations/map-preview';

describe('markerPosition', () => {
  const utrecht = { latitude: 52.0907, longitude: 5.1214, zoom: 10 };

  it('puts the centre in the middle', () => {
    expect(markerPosition(utrecht, utrecht)).toEqual({ x: PREVIEW_WIDTH / 2, y: PREVIEW_HEIGHT / 2 });
  });

  it('puts a point east and north of the centre right and up', () => {
    const position = markerPosition({ latitude: 52.12, longitude: 5.2 }, utrecht);
    expect(position).not.toBeNull();
    expect(position!.x).toBeGreaterThan(PREVIEW_WIDTH / 2);
    expect(position!.y).toBeLessThan(PREVIEW_HEIGHT / 2);
  });

  it('answers null for a point outside the preview', () => {
    expect(markerPosition({ latitude: 40.4, longitude: -3.7 }, utrecht)).toBeNull();
  });
});
