import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/Switch';
import { useUpdateSport, type Sport } from '@/features/sports/api/sports';
import { notifySaved } from '@/stores/notification';

/** Saves the highlight as soon as it is switched; reverts if the server refuses. */
export function HighlightSwitch({ sport }: { sport: Sport }) {
  const { t } = useTranslation();
  const [highlighted, setHighlighted] = useState(sport.highlighted ?? false);
  const [version, setVersion] = useState(sport.version);
  const [saving, setSaving] = useState(false);
  const updateSport = useUpdateSport();

  const toggle = async (next: boolean) => {
    setHighlighted(next);
    setSaving(true);
    try {
      const answer = await updateSport.mutateAsync({
        id: sport.id,
        input: { name: sport.name, icon_id: sport.icon_id, highlighted: next, version },
      });
      if (answer.data) setVersion(answer.data.version);
      notifySaved(t('common.saved'));
    } catch {
      setHighlighted(!next);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Switch
      label={t('sports.highlighted')}
      hideLabel
      checked={highlighted}
      disabled={saving}
      data-testid={`highlight-${sport.id}`}
      onChange={(event) => void toggle(event.target.checked)}
    />
  );
}
