import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { linksClipboardText, type Country, type Server } from '@separ/domain';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { Icon } from '../icons';
import { Card, Ltr } from '../Layout';
import { Modal } from '../Modal';
import { PanelTitle, TipBox } from '../PanelLayout';
import { QrCode } from '../QrCode';
import { Spinner } from '../Spinner';

const Countries = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const CountryCard = styled(Card)`
  padding: 0;
  overflow: hidden;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  inline-size: 100%;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  border: 0;
  background: transparent;
  color: inherit;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  text-align: start;
  cursor: pointer;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 500;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  > svg:last-child {
    margin-inline-start: auto;
    transition: transform 0.2s ease;
  }
  &[aria-expanded='true'] > svg:last-child {
    transform: rotate(180deg);
  }
`;

const ServerList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const ServerItem = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const ServerActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const QrList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ServersScreenProps {
  status: 'loading' | 'error' | 'ready';
  /** Countries with their servers (countries without servers are left out before). */
  groups: Array<{ country: Country; servers: Server[] }>;
  onBack(): void;
  onRetry(): void;
  retrying?: boolean;
  /** Countries open at first; all are collapsed by default (SPEC §2). */
  initiallyOpen?: string[];
}

const TYPE_TONE = { v2ray: 'info', openconnect: 'accent', unknown: 'neutral' } as const;

/** Connection links by country: collapsible cards, type badges, and a copy button per server. */
export function ServersScreen({
  status,
  groups,
  onBack,
  onRetry,
  retrying = false,
  initiallyOpen = [],
}: ServersScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const [qrOf, setQrOf] = useState<Server | null>(null);
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  let content;
  if (status === 'loading') content = <Spinner block label={t('servers.loading')} />;
  else if (status === 'error')
    content = (
      <ErrorView
        title={t('errors:panel.servers')}
        retryLabel={t('errors:actions.retry')}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  else if (groups.length === 0)
    content = <EmptyState icon="server" title={t('servers.emptyTitle')} message={t('servers.emptyMessage')} />;
  else
    content = (
      <Countries>
        {groups.map(({ country, servers }) => {
          const isOpen = open.has(country.id);
          const panelId = `country-${country.id}`;
          return (
            <CountryCard key={country.id}>
              <h2 style={{ margin: 0, fontSize: 'inherit' }}>
                <Toggle type="button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => toggle(country.id)}>
                  <Icon name="globe" size={22} />
                  <span>
                    {country.title} <small>{t('servers.serverCount', { count: servers.length })}</small>
                  </span>
                  <Icon name="chevronDown" size={20} />
                </Toggle>
              </h2>
              <ServerList id={panelId} hidden={!isOpen}>
                {servers.map((server) => (
                  <ServerItem key={server.id}>
                    <Head>
                      <h3>
                        <Ltr>{server.title}</Ltr>
                      </h3>
                      <Badge tone={TYPE_TONE[server.type]}>{t(`servers.types.${server.type}`)}</Badge>
                    </Head>
                    {server.links.length > 0 ? (
                      <Links>
                        {server.links.map((link, index) => (
                          <li key={index}>
                            <Ltr>{link}</Ltr>
                          </li>
                        ))}
                      </Links>
                    ) : (
                      <Muted>{t('servers.noLinks')}</Muted>
                    )}
                    <ServerActions>
                      <CopyButton
                        size="sm"
                        text={linksClipboardText(server.links)}
                        label={t('servers.copy')}
                        copiedLabel={t('servers.copied')}
                        disabled={server.links.length === 0}
                      />
                      <Button
                        size="sm"
                        variant="secondary"
                        icon="qr"
                        disabled={server.links.length === 0}
                        onClick={() => setQrOf(server)}
                      >
                        {t('servers.qr')}
                      </Button>
                    </ServerActions>
                  </ServerItem>
                ))}
              </ServerList>
            </CountryCard>
          );
        })}
      </Countries>
    );
  return (
    <>
      <PanelTitle>
        <div>
          <Button variant="ghost" size="sm" icon="arrowBack" onClick={onBack}>
            {t('servers.back')}
          </Button>
        </div>
        <h1>{t('servers.title')}</h1>
        <p>{t('servers.subtitle')}</p>
      </PanelTitle>
      <TipBox style={{ marginBlockEnd: 24 }}>
        <Icon name="info" size={20} />
        {t('servers.tip')}
      </TipBox>
      {content}
      <Modal
        open={qrOf !== null}
        onClose={() => setQrOf(null)}
        title={qrOf ? t('servers.qrTitle', { server: qrOf.title }) : ''}
      >
        <p>{t('servers.qrHint')}</p>
        <QrList>
          {qrOf?.links.map((link, index) => (
            <li key={index}>
              <QrCode value={link} size={240} label={t('servers.qrLabel', { server: qrOf.title, number: index + 1 })} />
            </li>
          ))}
        </QrList>
      </Modal>
    </>
  );
}
