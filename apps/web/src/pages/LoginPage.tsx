import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isPanelReturnPath, LOGIN_RETURN_PARAM, validateLogin } from '@separ/domain';
import { loginFailure, useLoginMutation } from '@separ/api';
import { LoginScreen, type LoginScreenProps } from '@separ/ui';
import { setUserData } from '../app/appSlice.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { sessionChecked } from '../app/uiSlice.ts';

/**
 * A panel page the visitor was sent here from: the panel's guard puts it in the location's state,
 * the server's redirect in the query (`/login?from=/panel/payments`, issue 28 §2).
 */
function returnPath(state: unknown, search: string): string {
  const from = (state as { from?: unknown } | null)?.from ?? new URLSearchParams(search).get(LOGIN_RETURN_PARAM);
  return isPanelReturnPath(from) ? from : '/panel';
}

/** Login (SPEC §2, §5, §8); a visitor who is already logged in goes to the panel (or the panel page asked for). */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const next = returnPath(location.state, location.search);
  const loggedIn = useAppSelector((state) => state.ui.loggedIn);
  const carried = new URLSearchParams(location.search).has(LOGIN_RETURN_PARAM);

  // The page asked for leaves the address bar for the location's state, as the panel's guard
  // carries it: the address is /login again, and a reload still returns there.
  useEffect(() => {
    if (!carried || loggedIn) return;
    const params = new URLSearchParams(location.search);
    params.delete(LOGIN_RETURN_PARAM);
    const search = params.size ? `?${params.toString()}` : '';
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: { from: next } },
    );
  }, [carried, loggedIn, location.pathname, location.search, location.hash, navigate, next]);
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
