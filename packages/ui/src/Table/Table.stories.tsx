import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Badge } from '../Badge';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { Table } from './Table';

const ROWS = [
  { resNum: 'S20260501-482913', refNum: 'REF7781203', state: 'success' as const },
  { resNum: 'S20260420-113377', refNum: '—', state: 'failed' as const },
];

function Demo({ width }: { width: number }) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  return (
    <div style={{ padding: 16, maxWidth: width }}>
      <Table
        caption={t('payments.table.caption')}
        rows={ROWS}
        rowKey={(row) => row.resNum}
        columns={[
          { key: 'i', header: t('payments.table.index'), cell: (_, i) => format.number(i + 1) },
          { key: 'res', header: t('payments.table.trackingId'), cell: (row) => <Ltr>{row.resNum}</Ltr> },
          { key: 'ref', header: t('payments.table.bankTrackingId'), cell: (row) => <Ltr>{row.refNum}</Ltr> },
          {
            key: 'state',
            header: t('payments.table.status'),
            cell: (row) => (
              <Badge tone={row.state === 'success' ? 'success' : 'danger'}>{t(`payments.states.${row.state}`)}</Badge>
            ),
          },
        ]}
      />
    </div>
  );
}

const meta = { title: 'Components/Table', component: Demo, args: { width: 1000 } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Wide: Story = {};

/** At 375 px every row becomes a card. */
export const Mobile: Story = { args: { width: 375 }, parameters: { mobile: true } };
