import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme, type DefaultTheme } from 'styled-components';
import type { AdminOverview } from '@separ/domain';
import { AdminPanel } from '../AdminLayout/adminParts';
import { AdminPageHeader } from '../AdminPageHeader';
import { EmptyState } from '../EmptyState';
import { useFormat, type Formatter } from '../format';
import type { IconName } from '../icons';
import { Fact, VisuallyHidden } from '../Layout';
import { Loadable } from '../Loadable';
import { Skeleton } from '../Skeleton';
import {
  Charts,
  Crypto,
  Figure,
  Figures,
  Groups,
  Origin,
  Plot,
  SkeletonGroup,
  Tone,
  TooltipBox,
} from './AdminOverviewScreen.styles';
import { bytesToMB, compactNumber, dayLabel, embedRtl, isEmptySeries, trafficUnit } from './chartFormat';

export interface AdminOverviewScreenProps {
  status: 'loading' | 'error' | 'ready';
  overview?: AdminOverview;
  onRetry(): void;
  retrying?: boolean;
}

const CHART_HEIGHT = 280;

/** The shop at a glance: revenue, orders, accounts, nodes, the outbox, and revenue and traffic charts. */
export function AdminOverviewScreen({ status, overview, onRetry, retrying = false }: AdminOverviewScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <>
      <AdminPageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      <Loadable
        status={status}
        loading={<OverviewSkeleton label={t('overview.loading')} />}
        error={{
          title: t('overview.errorTitle'),
          message: t('overview.errorMessage'),
          retryLabel: t('common.retry'),
          onRetry,
          retrying,
        }}
        data={overview}
      >
        {(loaded) => <OverviewContent overview={loaded} format={format} />}
      </Loadable>
    </>
  );
}

type FigureRow = { key: string; value: ReactNode; wide?: boolean };

/** A panel of figures: its title, and each figure's value over its label. */
function FigureGroup({ group, figures }: { group: string; figures: FigureRow[] }) {
  const { t } = useTranslation('admin');
  const id = `overview-${group}`;
  return (
    <AdminPanel aria-labelledby={id}>
      <h2 id={id}>{t(`overview.${group}.title`)}</h2>
      <Figures>
        {figures.map(({ key, value, wide }) => (
          <Fact key={key} label={t(`overview.${group}.${key}`)} data-wide={wide || undefined}>
            {value}
          </Fact>
        ))}
      </Figures>
    </AdminPanel>
  );
}

function OverviewContent({ overview, format }: { overview: AdminOverview; format: Formatter }) {
  const { t } = useTranslation('admin');
  const { revenue, orders, accounts, nodes } = overview;
  return (
    <>
      <Groups>
        <FigureGroup
          group="revenue"
          figures={(['today', 'week', 'month'] as const).map((key) => ({
            key,
            // Under it, the dollars the crypto gateways took (counted above at each order's own rate).
            value: (
              <>
                {format.toman(revenue[key])}
                {overview.revenueUsdCents[key] > 0 ? (
                  <Crypto>
                    {t('overview.revenue.crypto', { usd: format.usd(overview.revenueUsdCents[key] / 100) })}
                  </Crypto>
                ) : null}
              </>
            ),
            wide: key === 'month' || undefined,
          }))}
        />
        <FigureGroup
          group="orders"
          figures={[
            { key: 'paid', value: <Tone $tone="success">{format.number(orders.paid)}</Tone> },
            {
              key: 'failed',
              value: <Tone $tone={orders.failed > 0 ? 'danger' : 'neutral'}>{format.number(orders.failed)}</Tone>,
            },
            { key: 'pending', value: format.number(orders.pending) },
            { key: 'expired', value: format.number(orders.expired) },
          ]}
        />
        <FigureGroup
          group="accounts"
          figures={(['newToday', 'newWeek', 'active', 'total'] as const).map((key) => ({
            key,
            value: format.number(accounts[key]),
          }))}
        />
        <FigureGroup
          group="service"
          figures={[
            {
              key: 'nodesOnline',
              value: (
                <Tone $tone={nodes.online < nodes.total ? 'danger' : 'success'}>
                  {t('overview.service.ofTotal', {
                    count: format.number(nodes.online),
                    total: format.number(nodes.total),
                  })}
                </Tone>
              ),
            },
            {
              key: 'outbox',
              value: (
                <Tone $tone={overview.outboxBacklog > 0 ? 'warning' : 'neutral'}>
                  {format.number(overview.outboxBacklog)}
                </Tone>
              ),
            },
            // Where the buyers' subscription links point now (CONTRACTS §14), and how many older
            // origins still answer and send clients on.
            ...(overview.subscriptionOrigins
              ? [
                  {
                    key: 'subscriptionOrigin',
                    wide: true,
                    value: (
                      <>
                        {overview.subscriptionOrigins.current ? (
                          <Origin>{overview.subscriptionOrigins.current}</Origin>
                        ) : (
                          t('overview.service.originOfRequest')
                        )}
                        {overview.subscriptionOrigins.others.length > 0 ? (
                          <Crypto>
                            {t('overview.service.otherOrigins', {
                              count: overview.subscriptionOrigins.others.length,
                              list: overview.subscriptionOrigins.others.join(', '),
                            })}
                          </Crypto>
                        ) : null}
                      </>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Groups>
      <Charts>
        <AdminPanel>
          <RevenueChart points={overview.revenueByDay} format={format} />
        </AdminPanel>
        <AdminPanel>
          <TrafficChart nodes={overview.trafficByNode} format={format} />
        </AdminPanel>
      </Charts>
    </>
  );
}

/** What a chart's figure holds besides the drawing: its caption, the empty state, and the data as a table. */
interface ChartFigureProps {
  /** The key under `overview.` of its texts (title, subtitle, emptyTitle, emptyMessage). */
  chart: 'revenueChart' | 'trafficChart';
  emptyIcon: IconName;
  empty: boolean;
  /** The hidden table's column headings, and a row a point: its heading cell, then its values. */
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  children: ReactNode;
}

/**
 * A chart in its figure: the caption, then the drawing (hidden from assistive technology) with the
 * same data as a table read in its place, or the empty state when there is nothing to draw.
 */
function ChartFigure({ chart, emptyIcon, empty, columns, rows, children }: ChartFigureProps) {
  const { t } = useTranslation('admin');
  const id = `overview-${chart === 'revenueChart' ? 'revenue' : 'traffic'}-chart`;
  return (
    <Figure aria-labelledby={id}>
      <figcaption>
        <h2 id={id}>{t(`overview.${chart}.title`)}</h2>
        <p>{t(`overview.${chart}.subtitle`)}</p>
      </figcaption>
      {empty ? (
        <EmptyState
          icon={emptyIcon}
          title={t(`overview.${chart}.emptyTitle`)}
          message={t(`overview.${chart}.emptyMessage`)}
        />
      ) : (
        <>
          <Plot aria-hidden="true">{children}</Plot>
          <VisuallyHidden as="table">
            <caption>{t(`overview.${chart}.title`)}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, cells: [head, ...values] }) => (
                <tr key={key}>
                  <th scope="row">{head}</th>
                  {values.map((value, index) => (
                    <td key={index}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </VisuallyHidden>
        </>
      )}
    </Figure>
  );
}

/** The chart's tooltip: the hovered bar's point in a box, in the page's direction. */
function chartTooltip<Point>(theme: DefaultTheme, show: (point: Point) => ReactNode) {
  return (
    <Tooltip
      cursor={{ fill: theme.colors.surfaceMuted }}
      content={({ active, payload }) => {
        const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
        if (!point) return null;
        return <TooltipBox dir={theme.dir}>{show(point)}</TooltipBox>;
      }}
    />
  );
}

function RevenueChart({ points, format }: { points: AdminOverview['revenueByDay']; format: Formatter }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const { language } = format;
  const rtl = theme.dir === 'rtl';
  return (
    <ChartFigure
      chart="revenueChart"
      emptyIcon="receipt"
      empty={isEmptySeries(points.map((point) => point.toman))}
      columns={[
        t('overview.revenueChart.day'),
        t('overview.revenueChart.revenue'),
        t('overview.revenueChart.ordersColumn'),
      ]}
      rows={points.map((point) => ({
        key: point.day,
        cells: [dayLabel(point.day, language, 'long'), format.toman(point.toman), format.number(point.orders)],
      }))}
    >
      <BarChart
        data={points}
        responsive
        style={{ width: '100%', height: CHART_HEIGHT }}
        margin={{ top: 8, right: 4, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke={theme.colors.border} />
        <XAxis
          dataKey="day"
          reversed={rtl}
          tickFormatter={(day: string) => embedRtl(dayLabel(day, language), language)}
          tickLine={false}
          axisLine={{ stroke: theme.colors.border }}
          minTickGap={12}
        />
        <YAxis
          orientation={rtl ? 'right' : 'left'}
          niceTicks="snap125"
          tickFormatter={(value: number) => embedRtl(compactNumber(value, language), language)}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        {chartTooltip(theme, (point: AdminOverview['revenueByDay'][number]) => (
          <>
            <span>{dayLabel(point.day, language, 'long')}</span>
            <strong>{format.toman(point.toman)}</strong>
            <span>{t('overview.revenueChart.orders', { count: point.orders })}</span>
          </>
        ))}
        <Bar dataKey="toman" fill={theme.colors.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

function TrafficChart({ nodes, format }: { nodes: AdminOverview['trafficByNode']; format: Formatter }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const { language } = format;
  const rtl = theme.dir === 'rtl';
  const scale = trafficUnit(Math.max(0, ...nodes.map((node) => node.bytes)));
  const data = nodes.map((node) => ({ node: node.node, mb: bytesToMB(node.bytes), value: node.bytes / scale.bytes }));
  const height = Math.max(CHART_HEIGHT, nodes.length * 36 + 40);
  return (
    <ChartFigure
      chart="trafficChart"
      emptyIcon="server"
      empty={isEmptySeries(nodes.map((node) => node.bytes))}
      columns={[t('overview.trafficChart.node'), t('overview.trafficChart.traffic')]}
      rows={data.map((point) => ({ key: point.node, cells: [point.node, format.data(point.mb)] }))}
    >
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={{ width: '100%', height }}
        margin={{ top: 8, right: 12, bottom: 4, left: 12 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke={theme.colors.border} />
        <XAxis
          type="number"
          reversed={rtl}
          niceTicks="snap125"
          tickFormatter={(value: number) =>
            embedRtl(
              t(`overview.units.${scale.unit}`, { value: format.number(value, { maximumFractionDigits: 1 }) }),
              language,
            )
          }
          tickLine={false}
          axisLine={{ stroke: theme.colors.border }}
          minTickGap={8}
          // Three ticks (none, half, the most): the panel is narrow for a unit's label each.
          tickCount={3}
        />
        <YAxis
          type="category"
          dataKey="node"
          orientation={rtl ? 'right' : 'left'}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        {chartTooltip(theme, (point: (typeof data)[number]) => (
          <>
            <span>{point.node}</span>
            <strong>{format.data(point.mb)}</strong>
          </>
        ))}
        <Bar
          dataKey="value"
          fill={theme.colors.accent}
          radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]}
          barSize={20}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFigure>
  );
}

function OverviewSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Groups>
        {[0, 1, 2, 3].map((index) => (
          <AdminPanel key={index} aria-hidden="true">
            <Skeleton $height="22px" $width="40%" />
            <SkeletonGroup>
              <Skeleton $height="32px" $width="70%" />
              <Skeleton $height="16px" $width="50%" />
            </SkeletonGroup>
          </AdminPanel>
        ))}
      </Groups>
      <Charts>
        {[0, 1].map((index) => (
          <AdminPanel key={index} aria-hidden="true">
            <Skeleton $height="22px" $width="50%" />
            <Skeleton $height={`${CHART_HEIGHT}px`} />
          </AdminPanel>
        ))}
      </Charts>
    </div>
  );
}
