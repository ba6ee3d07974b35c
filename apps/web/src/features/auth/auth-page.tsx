import { Award, GraduationCap, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Logo } from '../../components/logo.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useAuth } from '../../lib/session/session-context.tsx';
import { LegalLinks } from '../legal/legal-links.tsx';
import { ContinueWithProviders } from './continue-with-providers.tsx';
import { LoginForm } from './login-form.tsx';
import { SecondStep } from './second-step.tsx';
import { SignUpForm } from './sign-up-form.tsx';

type AuthTab = 'login' | 'signup';

const HIGHLIGHTS = [
  { icon: Users, text: 'Connect with players, agents, coaches and clubs' },
  { icon: Award, text: 'Showcase your sport CV and achievements' },
  { icon: GraduationCap, text: 'Find tryouts, camps, scholarships and offers' },
];

/** /auth: Login and Sign Up tabs; `?tab=signup` opens Sign Up. */
export function AuthPage() {
  const auth = useAuth();
  const secondStep = auth.status === 'mfa-required';
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';

  function selectTab(value: string) {
    // The page to return to after signing in stays whichever tab is chosen.
    const next = new URLSearchParams(searchParams);
    if (value === 'signup') next.set('tab', 'signup');
    else next.delete('tab');
    setSearchParams(next, { replace: true });
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <DocumentTitle title={tab === 'signup' ? 'Sign Up' : 'Login'} />
      <aside
        aria-label="Why Arena"
        className="relative hidden overflow-hidden bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-800 p-12 text-white lg:flex lg:flex-col lg:justify-center"
      >
        <div
          aria-hidden
          className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-2xl"
        />
        <div
          aria-hidden
          className="absolute -bottom-32 -left-16 size-80 rounded-full bg-indigo-400/20"
        />
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-bold">
            Your professional sports community is waiting.
          </p>
          <ul className="mt-8 grid gap-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-blue-50">
                <span className="grid size-10 place-items-center rounded-full bg-white/15">
                  <Icon className="size-5" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
      </aside>

      <div className="flex flex-col bg-slate-50">
        <header className="px-4 py-4 sm:px-8">
          <Link to="/" className={`inline-flex rounded-lg ${focusRing}`} aria-label="Arena home">
            <Logo />
          </Link>
        </header>
        <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center sm:px-8">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {secondStep
                ? 'Two-factor authentication'
                : tab === 'signup'
                  ? 'Join Arena'
                  : 'Welcome back'}
            </h1>
            <p className="mt-1 text-slate-700">
              {secondStep
                ? 'One more step to sign in.'
                : tab === 'signup'
                  ? 'Create your profile and start building your sports network.'
                  : 'Sign in to stay connected with your sports community.'}
            </p>
            <Card className="mt-6">
              <CardContent>
                {secondStep ? (
                  <SecondStep />
                ) : (
                  <>
                    <Tabs value={tab} onValueChange={selectTab}>
                      <TabsList aria-label="Login or Sign Up" className="mb-6">
                        <TabsTrigger value="login">Login</TabsTrigger>
                        <TabsTrigger value="signup">Sign Up</TabsTrigger>
                      </TabsList>
                      <TabsContent value="login">
                        <LoginForm />
                      </TabsContent>
                      <TabsContent value="signup">
                        <SignUpForm onLogin={() => selectTab('login')} />
                      </TabsContent>
                    </Tabs>
                    <ContinueWithProviders />
                  </>
                )}
              </CardContent>
            </Card>
          </div>
        </main>
        <footer className="px-4 pb-6 text-center text-sm text-slate-700 sm:px-8">
          <LegalLinks />
        </footer>
      </div>
    </div>
  );
}
