import { emptySeries, seriesValues, sessionInput } from '@/features/activities/components/SeriesEditor';

describe('the series editor values', () => {
  it('sends minutes as numbers, instants as text and empty bounds as null', () => {
    const values = { ...emptySeries('2027-01-04'), subscribe_from: '10080', subscribe_until: '2027-01-04T10:00:00Z' };
    expect(sessionInput(values)).toMatchObject({ subscribe_from: 10080, subscribe_until: '2027-01-04T10:00:00Z', repetition: null });
    expect(sessionInput(emptySeries('2027-01-04')).subscribe_from).toBeNull();
  });

  it('sends the repetition only when the session repeats', () => {
    const values = { ...emptySeries('2027-01-04'), repeats: true, days: ['monday'], until: '2027-03-01', every: 2 };
    expect(sessionInput(values).repetition).toEqual({ type: 'weeks', every: 2, days: ['monday'], until: '2027-03-01' });
  });

  it('reads a session with its series rule back into the form', () => {
    const values = seriesValues({
      date: '2027-01-11',
      start_time: '19:00',
      end_time: '20:00',
      spots: 12,
      repeats: true,
      repetition: { type: 'weeks', every: 1, days: ['monday'], until: '2027-03-01' },
      subscribe_rules: { from: { minutes_before: 60 }, until: {} },
    } as unknown as Parameters<typeof seriesValues>[0]);
    expect(values).toMatchObject({ repeats: true, days: ['monday'], subscribe_from: '60', subscribe_until: '' });
  });
});
