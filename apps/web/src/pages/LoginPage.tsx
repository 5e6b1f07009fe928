import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { validateLogin } from '@separ/domain';
import { loginFailure, useLoginMutation } from '@separ/api';
import { LoginScreen, type LoginScreenProps } from '@separ/ui';
import { setUserData } from '../app/appSlice.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { sessionChecked } from '../app/uiSlice.ts';

/** A panel page the visitor was sent here from (the panel's guard puts it in the location's state). */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/panel(\/[a-z]+)?\/?$/.test(from) ? from : '/panel';
}

/** Login (SPEC §2, §5, §8); a visitor who is already logged in goes to the panel (or the panel page asked for). */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const next = returnPath(useLocation().state);
  const loggedIn = useAppSelector((state) => state.ui.loggedIn);
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginScreenProps['error']>(null);

  if (loggedIn) return <Navigate to={next} replace />;

  async function submit() {
    if (isLoading) return;
    const invalid = validateLogin(username, password);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    const result = await login({ username: username.trim(), password });
    if (result.error) {
      setError(loginFailure(result.error));
      return;
    }
    dispatch(setUserData({ username: result.data.username }));
    dispatch(sessionChecked(true));
    void navigate(next);
  }

  return (
    <LoginScreen
      username={username}
      password={password}
      onUsernameChange={setUsername}
      onPasswordChange={setPassword}
      error={error}
      submitting={isLoading}
      onSubmit={() => void submit()}
    />
  );
}
