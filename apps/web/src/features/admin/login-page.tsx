import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { Logo } from '../site/logo';

/** The administrators' sign-in: username and password, the server's French message on failure. */
export function LoginPage() {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const pageRef = useRef<HTMLElement>(null);

  // Signing out from the user menu can unmount its popover while MUI still hides the rest of the page from
  // assistive technologies (`aria-hidden` on the app's container): the sign-in page must not stay hidden.
  useEffect(() => {
    for (let node = pageRef.current?.parentElement ?? null; node !== null; node = node.parentElement) {
      if (node.getAttribute('aria-hidden') === 'true') node.removeAttribute('aria-hidden');
    }
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await login({ username: username.trim(), password });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'La connexion a échoué, veuillez réessayer.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Box
      ref={pageRef}
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Logo size={40} />
            <Typography variant="h1">Administration</Typography>
          </Box>
          <Box
            component="form"
            onSubmit={(event) => void submit(event)}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
            noValidate
          >
            {error !== null && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Nom d’utilisateur"
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              required
              autoFocus
            />
            <TextField
              label="Mot de passe"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <Button
              type="submit"
              variant="contained"
              disabled={pending || username.trim() === '' || password === ''}
            >
              {pending ? 'Connexion…' : 'Connexion'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
