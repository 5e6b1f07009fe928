import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PasswordChangeError } from '@separ/domain';
import { Button } from '../Button';
import { PasswordField } from '../FormField';
import { Icon } from '../icons';
import { Card } from '../Layout';
import { PanelFooterLinks, PanelHeading, TipBox } from '../PanelLayout';
import { stack } from '../theme';

const Form = styled.form`
  ${stack(5)}
  max-inline-size: 520px;
`;

const Tips = styled.div`
  ${stack(3)}
  margin-block-end: ${({ theme }) => theme.space(6)};
`;

const Message = styled.div<{ $tone: 'success' | 'error' }>`
  ${stack(2)}
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.dangerSoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.danger)};
  font-weight: 600;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 500;
`;

/**
 * What the page says after a try: a rule broken, the server's answer, or success. A success also says
 * what the change replaced (CONTRACTS §15): the subscription link, the connection links, the other
 * devices' sessions.
 */
export type ChangePasswordMessage =
  | { type: 'success' }
  | { type: 'error'; rule: PasswordChangeError }
  /** The new password is longer than the limit (64 characters). */
  | { type: 'error'; tooLong: number }
  | { type: 'error'; server: string }
  /** `tooCommon`: the server found the new password on its list of common passwords. */
  | { type: 'error'; failure: 'failed' | 'network' | 'currentIncorrect' | 'tooCommon' };

export interface ChangePasswordScreenProps {
  current: string;
  next: string;
  confirm: string;
  onChange(field: 'current' | 'next' | 'confirm', value: string): void;
  submitting: boolean;
  message: ChangePasswordMessage | null;
  /** The account's ios flag: a Persian-style hint about new connection links follows the message. */
  ios: number;
  onSubmit(): void;
}

/** Current, new and confirmation with show/hide, two tips, the rules, and the result (SPEC §2 change password). */
export function ChangePasswordScreen({
  current,
  next,
  confirm,
  onChange,
  submitting,
  message,
  ios,
  onSubmit,
}: ChangePasswordScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  let text: string | null = null;
  if (message?.type === 'success') text = t('errors:password.success');
  else if (message && 'rule' in message) text = t(`errors:validation.${message.rule}`);
  else if (message && 'tooLong' in message) text = t('errors:validation.tooLong', { max: message.tooLong });
  else if (message && 'server' in message) text = message.server;
  else if (message && 'failure' in message) text = t(`errors:password.${message.failure}`);
  return (
    <>
      <PanelHeading
        title={t('changePassword.title')}
        subtitle={t('changePassword.subtitle')}
        back={{ to: '/panel', label: t('changePassword.back') }}
      />
      <Card>
        <Tips>
          <TipBox>
            <Icon name="info" size={20} />
            {t('changePassword.tips.session')}
          </TipBox>
          <TipBox $tone="warning">
            <Icon name="devices" size={20} />
            {t('changePassword.tips.devices')}
          </TipBox>
        </Tips>
        <Form onSubmit={submit} noValidate>
          <PasswordField
            label={t('changePassword.current')}
            value={current}
            onChange={(v) => onChange('current', v)}
            autoComplete="current-password"
          />
          <PasswordField
            label={t('changePassword.new')}
            value={next}
            onChange={(v) => onChange('next', v)}
            autoComplete="new-password"
            hint={t('changePassword.rules')}
          />
          <PasswordField
            label={t('changePassword.confirm')}
            value={confirm}
            onChange={(v) => onChange('confirm', v)}
            autoComplete="new-password"
          />
          {message && text ? (
            <Message
              $tone={message.type === 'success' ? 'success' : 'error'}
              role={message.type === 'success' ? 'status' : 'alert'}
            >
              <span>{text}</span>
              {message.type === 'success' ? (
                <>
                  <Hint>{t('changePassword.replaced')}</Hint>
                  {ios === 1 ? <Hint>{t('changePassword.iosHint')}</Hint> : null}
                  <div>
                    <Button to="/panel/connect" variant="secondary" size="sm" icon="link">
                      {t('changePassword.showLink')}
                    </Button>
                  </div>
                </>
              ) : null}
            </Message>
          ) : null}
          <div>
            <Button type="submit" loading={submitting} icon="key">
              {submitting ? t('changePassword.updating') : t('changePassword.submit')}
            </Button>
          </div>
        </Form>
      </Card>
      <PanelFooterLinks homeTo="/" />
    </>
  );
}
