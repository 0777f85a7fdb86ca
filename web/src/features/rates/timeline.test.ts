import { i18n } from '@/lib/i18n';
import { termTimeline } from '@/features/rates/timeline';
import '@/features/rates/i18n';

describe('termTimeline', () => {
  it('reads three periods as a timeline', async () => {
    await i18n.changeLanguage('en');
    const periods = [
      { from_minutes: null, until_minutes: 2880, refund_percent: 100 },
      { from_minutes: 2880, until_minutes: 1440, refund_percent: 50 },
      { from_minutes: 1440, until_minutes: null, refund_percent: 0 },
    ];
    expect(termTimeline(periods, i18n.t)).toEqual(['Until 48 h before: 100 %', '48 h–24 h before: 50 %', 'Last 24 h: 0 %']);
  });

  it('says minutes when they are not whole hours, and always for one period', async () => {
    await i18n.changeLanguage('nl');
    expect(
      termTimeline(
        [
          { from_minutes: null, until_minutes: 90, refund_percent: 100 },
          { from_minutes: 90, until_minutes: null, refund_percent: 25 },
        ],
        i18n.t,
      ),
    ).toEqual(['Tot 90 min vooraf: 100 %', 'Laatste 90 min: 25 %']);
    expect(termTimeline([{ from_minutes: null, until_minutes: null, refund_percent: 100 }], i18n.t)).toEqual(['Altijd: 100 %']);
  });
});
