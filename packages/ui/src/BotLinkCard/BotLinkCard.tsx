import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Card } from '../Layout';
import { EXTERNAL_LINKS } from '../links';
import { cluster, iconDisc, stack } from '../theme';

const Box = styled(Card)`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  grid-column: 1 / -1;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Mark = styled.span`
  ${iconDisc(48)}
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.primary};
`;

const Body = styled.div`
  ${stack(3)}
  flex: 1;
  min-inline-size: 0;
`;

/** The code itself: large, left to right, grouped in fours so that it is easy to read out. */
const Code = styled.output.attrs({ dir: 'ltr' })`
  justify-self: start;
  unicode-bidi: isolate;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 700;
  letter-spacing: 0.12em;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Actions = styled.div`
  ${cluster(3)}
`;

export interface BotLinkCardProps {
  /** idle: no code yet; loading: one is being made; ready: `code` is shown; error: it could not be made. */
  state: 'idle' | 'loading' | 'ready' | 'error';
  /** The one-time code (8 digits). */
  code?: string;
  /** How long it works, in minutes. */
  minutes?: number;
  /** Makes a code (again: a new code replaces the last). */
  onCreate(): void;
  /** The messaging bot's address. */
  botUrl?: string;
}

/**
 * Linking the messaging bot from the panel (issue #24): a one-time code the user sends to the bot's
 * My account, so that it shows the account and sends its reminders, without typing the password.
 */
export function BotLinkCard({ state, code, minutes = 10, onCreate, botUrl = EXTERNAL_LINKS.bot }: BotLinkCardProps) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  const ready = state === 'ready' && code;
  return (
    <Box as="section" aria-labelledby="bot-link-title">
      <Mark>
        <Icon name="bot" size={26} />
      </Mark>
      <Body>
        <h2 id="bot-link-title">{t('botLink.title')}</h2>
        <p>{t('botLink.text')}</p>
        {ready ? (
          <>
            <Code aria-label={t('botLink.codeLabel')}>{format.digits(`${code.slice(0, 4)} ${code.slice(4)}`)}</Code>
            <p>{t('botLink.howTo', { minutes: format.number(minutes) })}</p>
          </>
        ) : null}
        {state === 'error' ? <p role="alert">{t('botLink.error')}</p> : null}
        <Actions>
          {ready ? (
            <>
              <Button href={botUrl} icon="bot">
                {t('botLink.openBot')}
              </Button>
              <CopyButton
                text={code}
                icon="copy"
                variant="secondary"
                label={t('botLink.copy')}
                copiedLabel={t('botLink.copied')}
              />
              <Button variant="ghost" icon="refresh" onClick={onCreate}>
                {t('botLink.newCode')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" icon="key" loading={state === 'loading'} onClick={onCreate}>
              {state === 'error' ? t('botLink.retry') : t('botLink.getCode')}
            </Button>
          )}
        </Actions>
      </Body>
    </Box>
  );
}
