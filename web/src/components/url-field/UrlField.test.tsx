import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { joinUrl, splitUrl, UrlField } from '@/components/url-field/UrlField';

function Harness({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <UrlField label="Website" value={value} onChange={setValue} />
      <output data-testid="value">{value === null ? 'null' : value}</output>
    </>
  );
}

const warning = 'Note: It is recommended to use HTTPS for security.';

describe('UrlField', () => {
  it('splits and joins', () => {
    expect(splitUrl('http://move.nl')).toEqual({ protocol: 'http://', rest: 'move.nl' });
    expect(splitUrl('move.nl')).toEqual({ protocol: 'https://', rest: 'move.nl' });
    expect(splitUrl(null)).toEqual({ protocol: 'https://', rest: '' });
    expect(joinUrl('https://', '  ')).toBeNull();
  });

  it('defaults to https:// and gives null when empty', () => {
    render(<Harness initial={null} />);
    expect(screen.getByLabelText('Protocol')).toHaveValue('https://');
    const text = screen.getByLabelText('Website');
    fireEvent.change(text, { target: { value: 'move.nl' } });
    expect(screen.getByTestId('value')).toHaveTextContent('https://move.nl');
    fireEvent.change(text, { target: { value: '' } });
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it('moves a typed protocol into the selector and warns about http', () => {
    render(<Harness initial={null} />);
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'http://club.nl' } });
    expect(screen.getByLabelText('Protocol')).toHaveValue('http://');
    expect(screen.getByLabelText('Website')).toHaveValue('club.nl');
    expect(screen.getByTestId('value')).toHaveTextContent('http://club.nl');
    expect(screen.getByText(warning)).toBeInTheDocument();
  });

  it('switches protocol from the selector', () => {
    render(<Harness initial="https://move.nl" />);
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Protocol'), { target: { value: 'http://' } });
    expect(screen.getByTestId('value')).toHaveTextContent('http://move.nl');
    expect(screen.getByText(warning)).toBeInTheDocument();
  });
});
