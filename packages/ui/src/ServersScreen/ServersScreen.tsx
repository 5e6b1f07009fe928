import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { linksClipboardText, type Country, type Server } from '@separ/domain';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { EmptyState } from '../EmptyState';
import { Icon } from '../icons';
import { DisclosureButton, DisclosureCard, useOpenSet } from '../Disclosure';
import { Ltr } from '../Layout';
import { Loadable } from '../Loadable';
import { Modal } from '../Modal';
import { PanelHeading, TipBox } from '../PanelLayout';
import { QrCode } from '../QrCode';
import { cluster, outlined, plainList, stack } from '../theme';

const Countries = styled.div`
  ${stack(4)}
`;

const Toggle = styled(DisclosureButton)`
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 500;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const ServerList = styled.ul`
  ${plainList}
  padding: 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
  ${stack(4)}
`;

const ServerItem = styled.li`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'bg')}
`;

const Head = styled.div`
  ${cluster(3)}
  align-items: center;
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Links = styled.ul`
  ${plainList}
  ${stack(2)}
  li {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const ServerActions = styled.div`
  ${cluster(2)}
`;

const QrList = styled.ul`
  ${plainList}
  ${stack(4)}
  justify-items: center;
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
  const { isOpen, toggle } = useOpenSet(initiallyOpen);
  const [qrOf, setQrOf] = useState<Server | null>(null);
  let content;
  if (groups.length === 0)
    content = <EmptyState icon="server" title={t('servers.emptyTitle')} message={t('servers.emptyMessage')} />;
  else
    content = (
      <Countries>
        {groups.map(({ country, servers }) => {
          const panelId = `country-${country.id}`;
          return (
            <DisclosureCard key={country.id}>
              <Toggle headingLevel={2} open={isOpen(country.id)} controls={panelId} onToggle={() => toggle(country.id)}>
                <Icon name="globe" size={22} />
                <span>
                  {country.title} <small>{t('servers.serverCount', { count: servers.length })}</small>
                </span>
              </Toggle>
              <ServerList id={panelId} hidden={!isOpen(country.id)}>
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
            </DisclosureCard>
          );
        })}
      </Countries>
    );
  return (
    <>
      <PanelHeading
        title={t('servers.title')}
        subtitle={t('servers.subtitle')}
        back={{ onClick: onBack, label: t('servers.back') }}
      />
      <TipBox style={{ marginBlockEnd: 24 }}>
        <Icon name="info" size={20} />
        {t('servers.tip')}
      </TipBox>
      <Loadable
        status={status}
        loadingLabel={t('servers.loading')}
        error={{ title: t('errors:panel.servers'), retryLabel: t('errors:actions.retry'), onRetry, retrying }}
      >
        {content}
      </Loadable>
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
