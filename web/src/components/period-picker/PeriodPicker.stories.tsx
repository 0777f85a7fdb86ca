import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PeriodPicker } from '@/components/period-picker/PeriodPicker';
import { periodProblem, presetRange, type PeriodPreset, type PeriodRange } from '@/lib/period';

function Demo({ initial }: { initial: PeriodPreset }) {
  const [preset, setPreset] = useState<PeriodPreset>(initial);
  const [range, setRange] = useState<PeriodRange>(presetRange('30', new Date()));
  const problem = preset === 'custom' ? periodProblem(range.from, range.to) : null;
  return (
    <PeriodPicker
      preset={preset}
      range={preset === 'custom' ? range : presetRange(preset, new Date())}
      choose={setPreset}
      setRange={setRange}
      error={problem && `Problem: ${problem}`}
    />
  );
}

const meta = { title: 'UI/PeriodPicker', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const Preset: StoryObj<typeof meta> = { args: { initial: '30' } };
export const From_to: StoryObj<typeof meta> = { args: { initial: 'custom' } };
