import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { PasswordField, TextField } from '../FormField';
import { Card, CenteredPageBody } from '../Layout';
import { PageHeader } from '../PageHeader';
import { AppLink } from '../provider';
import { cluster, stack } from '../theme';

const Panel = styled(Card)`
  inline-size: 100%;
  max-inline-size: 460px;
`;

const Form = styled.form`
  ${stack(5)}
`;

const Alert = styled.p`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Links = styled.p`
  ${cluster(3)}
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Foot = styled.nav`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(6)};
  margin-block-start: ${({ theme }) => theme.space(6)};
`;

export interface LoginScreenProps {
  username: string;
  password: string;
  onUsernameChange(value: string): void;
  onPasswordChange(value: string): void;
  /** 'Please enter username and password', 'Invalid username or password', or the network message. */
  error?: 'missingCredentials' | 'invalid' | 'network' | 'throttled' | 'busy' | null;
  submitting: boolean;
  onSubmit(): void;
}

const ERROR_KEYS = {
  missingCredentials: 'errors:validation.missingCredentials',
  invalid: 'errors:login.invalid',
  network: 'errors:login.network',
  throttled: 'errors:login.throttled',
  busy: 'errors:login.busy',
} as const;

/** Username and password, with show/hide, the forgot link to support, and links home and to support. */
export function LoginScreen({
  username,
  password,
  onUsernameChange,
  onPasswordChange,
  error,
  submitting,
  onSubmit,
}: LoginScreenProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <PageHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <CenteredPageBody>
        <Panel>
          <Form onSubmit={submit} noValidate>
            {error ? <Alert role="alert">{t(ERROR_KEYS[error])}</Alert> : null}
            <TextField
              label={t('login.username')}
              value={username}
              onChange={onUsernameChange}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              dir="ltr"
              placeholder={t('login.usernamePlaceholder')}
              required
            />
            <PasswordField
              label={t('login.password')}
              value={password}
              onChange={onPasswordChange}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              required
            />
            <Links>
              <AppLink to="/support">{t('login.forgot')}</AppLink>
              <span>
                {t('login.noAccount')} <AppLink to="/buy">{t('login.buy')}</AppLink>
              </span>
            </Links>
            <Button type="submit" size="lg" fullWidth loading={submitting}>
              {submitting ? t('login.submitting') : t('login.submit')}
            </Button>
          </Form>
          <Foot aria-label={t('login.support')}>
            <AppLink to="/">{t('login.home')}</AppLink>
            <AppLink to="/support">{t('login.support')}</AppLink>
          </Foot>
        </Panel>
      </CenteredPageBody>
    </>
  );
}
