import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { AdminOverview } from '@separ/domain';
import { AdminPanel } from '../AdminLayout/adminParts';
import { AdminPageHeader } from '../AdminPageHeader';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { useFormat, type Formatter } from '../format';
import { VisuallyHidden } from '../Layout';
import { Skeleton } from '../Skeleton';
import { Charts, Figure, Figures, Groups, Plot, SkeletonGroup, Tone, TooltipBox } from './AdminOverviewScreen.styles';
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
  let content;
  if (status === 'loading') content = <OverviewSkeleton label={t('overview.loading')} />;
  else if (status === 'error' || !overview)
    content = (
      <ErrorView
        title={t('overview.errorTitle')}
        message={t('overview.errorMessage')}
        retryLabel={t('common.retry')}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  else content = <OverviewContent overview={overview} format={format} />;
  return (
    <>
      <AdminPageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      {content}
    </>
  );
}

function OverviewContent({ overview, format }: { overview: AdminOverview; format: Formatter }) {
  const { t } = useTranslation('admin');
  const { revenue, orders, accounts, nodes } = overview;
  return (
    <>
      <Groups>
        <AdminPanel aria-labelledby="overview-revenue">
          <h2 id="overview-revenue">{t('overview.revenue.title')}</h2>
          <Figures>
            <div>
              <dt>{t('overview.revenue.today')}</dt>
              <dd>{format.toman(revenue.today)}</dd>
            </div>
            <div>
              <dt>{t('overview.revenue.week')}</dt>
              <dd>{format.toman(revenue.week)}</dd>
            </div>
            <div data-wide>
              <dt>{t('overview.revenue.month')}</dt>
              <dd>{format.toman(revenue.month)}</dd>
            </div>
          </Figures>
        </AdminPanel>
        <AdminPanel aria-labelledby="overview-orders">
          <h2 id="overview-orders">{t('overview.orders.title')}</h2>
          <Figures>
            <div>
              <dt>{t('overview.orders.paid')}</dt>
              <dd>
                <Tone $tone="success">{format.number(orders.paid)}</Tone>
              </dd>
            </div>
            <div>
              <dt>{t('overview.orders.failed')}</dt>
              <dd>
                <Tone $tone={orders.failed > 0 ? 'danger' : 'neutral'}>{format.number(orders.failed)}</Tone>
              </dd>
            </div>
            <div>
              <dt>{t('overview.orders.pending')}</dt>
              <dd>{format.number(orders.pending)}</dd>
            </div>
            <div>
              <dt>{t('overview.orders.expired')}</dt>
              <dd>{format.number(orders.expired)}</dd>
            </div>
          </Figures>
        </AdminPanel>
        <AdminPanel aria-labelledby="overview-accounts">
          <h2 id="overview-accounts">{t('overview.accounts.title')}</h2>
          <Figures>
            <div>
              <dt>{t('overview.accounts.newToday')}</dt>
              <dd>{format.number(accounts.newToday)}</dd>
            </div>
            <div>
              <dt>{t('overview.accounts.newWeek')}</dt>
              <dd>{format.number(accounts.newWeek)}</dd>
            </div>
            <div>
              <dt>{t('overview.accounts.active')}</dt>
              <dd>{format.number(accounts.active)}</dd>
            </div>
            <div>
              <dt>{t('overview.accounts.total')}</dt>
              <dd>{format.number(accounts.total)}</dd>
            </div>
          </Figures>
        </AdminPanel>
        <AdminPanel aria-labelledby="overview-service">
          <h2 id="overview-service">{t('overview.service.title')}</h2>
          <Figures>
            <div>
              <dt>{t('overview.service.nodesOnline')}</dt>
              <dd>
                <Tone $tone={nodes.online < nodes.total ? 'danger' : 'success'}>
                  {t('overview.service.ofTotal', {
                    count: format.number(nodes.online),
                    total: format.number(nodes.total),
                  })}
                </Tone>
              </dd>
            </div>
            <div>
              <dt>{t('overview.service.outbox')}</dt>
              <dd>
                <Tone $tone={overview.outboxBacklog > 0 ? 'warning' : 'neutral'}>
                  {format.number(overview.outboxBacklog)}
                </Tone>
              </dd>
            </div>
          </Figures>
        </AdminPanel>
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

function RevenueChart({ points, format }: { points: AdminOverview['revenueByDay']; format: Formatter }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const { language } = format;
  const rtl = theme.dir === 'rtl';
  const empty = isEmptySeries(points.map((point) => point.toman));
  return (
    <Figure aria-labelledby="overview-revenue-chart">
      <figcaption>
        <h2 id="overview-revenue-chart">{t('overview.revenueChart.title')}</h2>
        <p>{t('overview.revenueChart.subtitle')}</p>
      </figcaption>
      {empty ? (
        <EmptyState
          icon="receipt"
          title={t('overview.revenueChart.emptyTitle')}
          message={t('overview.revenueChart.emptyMessage')}
        />
      ) : (
        <>
          <Plot aria-hidden="true">
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
              <Tooltip
                cursor={{ fill: theme.colors.surfaceMuted }}
                content={({ active, payload }) => {
                  const point = active ? (payload?.[0]?.payload as AdminOverview['revenueByDay'][number]) : null;
                  if (!point) return null;
                  return (
                    <TooltipBox dir={theme.dir}>
                      <span>{dayLabel(point.day, language, 'long')}</span>
                      <strong>{format.toman(point.toman)}</strong>
                      <span>{t('overview.revenueChart.orders', { count: point.orders })}</span>
                    </TooltipBox>
                  );
                }}
              />
              <Bar dataKey="toman" fill={theme.colors.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </Plot>
          <VisuallyHidden as="table">
            <caption>{t('overview.revenueChart.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('overview.revenueChart.day')}</th>
                <th scope="col">{t('overview.revenueChart.revenue')}</th>
                <th scope="col">{t('overview.revenueChart.ordersColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{dayLabel(point.day, language, 'long')}</th>
                  <td>{format.toman(point.toman)}</td>
                  <td>{format.number(point.orders)}</td>
                </tr>
              ))}
            </tbody>
          </VisuallyHidden>
        </>
      )}
    </Figure>
  );
}

function TrafficChart({ nodes, format }: { nodes: AdminOverview['trafficByNode']; format: Formatter }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const { language } = format;
  const rtl = theme.dir === 'rtl';
  const empty = isEmptySeries(nodes.map((node) => node.bytes));
  const scale = trafficUnit(Math.max(0, ...nodes.map((node) => node.bytes)));
  const data = nodes.map((node) => ({ node: node.node, mb: bytesToMB(node.bytes), value: node.bytes / scale.bytes }));
  const height = Math.max(CHART_HEIGHT, nodes.length * 36 + 40);
  return (
    <Figure aria-labelledby="overview-traffic-chart">
      <figcaption>
        <h2 id="overview-traffic-chart">{t('overview.trafficChart.title')}</h2>
        <p>{t('overview.trafficChart.subtitle')}</p>
      </figcaption>
      {empty ? (
        <EmptyState
          icon="server"
          title={t('overview.trafficChart.emptyTitle')}
          message={t('overview.trafficChart.emptyMessage')}
        />
      ) : (
        <>
          <Plot aria-hidden="true">
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
              <Tooltip
                cursor={{ fill: theme.colors.surfaceMuted }}
                content={({ active, payload }) => {
                  const point = active ? (payload?.[0]?.payload as (typeof data)[number]) : null;
                  if (!point) return null;
                  return (
                    <TooltipBox dir={theme.dir}>
                      <span>{point.node}</span>
                      <strong>{format.data(point.mb)}</strong>
                    </TooltipBox>
                  );
                }}
              />
              <Bar
                dataKey="value"
                fill={theme.colors.accent}
                radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]}
                barSize={20}
                isAnimationActive={false}
              />
            </BarChart>
          </Plot>
          <VisuallyHidden as="table">
            <caption>{t('overview.trafficChart.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('overview.trafficChart.node')}</th>
                <th scope="col">{t('overview.trafficChart.traffic')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((point) => (
                <tr key={point.node}>
                  <th scope="row">{point.node}</th>
                  <td>{format.data(point.mb)}</td>
                </tr>
              ))}
            </tbody>
          </VisuallyHidden>
        </>
      )}
    </Figure>
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
