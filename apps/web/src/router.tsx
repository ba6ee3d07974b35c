import type { RouteObject } from 'react-router';

import { PageLoader } from './components/page-loader.tsx';
import { PublicOnly } from './features/auth/public-only.tsx';
import { RequireAdmin } from './features/auth/require-admin.tsx';
import { RequireAuth } from './features/auth/require-auth.tsx';
import { RouteErrorPage } from './features/errors/route-error-page.tsx';
import { pages } from './features/feed/first-page-code.ts';
import { RootLayout } from './root-layout.tsx';

/*
 * Spec section 2. Layouts and guards load with the app; each page is its own chunk, fetched on
 * first visit (`lazy`).
 */

const legal = {
  userAgreement: () => import('./features/legal/user-agreement-page.tsx'),
  privacyPolicy: () => import('./features/legal/privacy-policy-page.tsx'),
  cookiePolicy: () => import('./features/legal/cookie-policy-page.tsx'),
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: PublicOnly,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await pages.landing()).LandingPage,
            }),
          },
          {
            path: 'auth',
            lazy: async () => ({
              Component: (await import('./features/auth/auth-page.tsx')).AuthPage,
            }),
          },
        ],
      },
      // Opened from emailed links (and Forgot password), signed in or not.
      {
        path: 'auth/forgot-password',
        lazy: async () => ({
          Component: (await import('./features/auth/forgot-password-page.tsx')).ForgotPasswordPage,
        }),
      },
      {
        path: 'auth/reset-password',
        lazy: async () => ({
          Component: (await import('./features/auth/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: 'auth/confirm',
        lazy: async () => ({
          Component: (await import('./features/auth/confirm-email-page.tsx')).ConfirmEmailPage,
        }),
      },
      // The guardian's confirmation link (issue 25): guardians have no account.
      {
        path: 'guardian/confirm',
        lazy: async () => ({
          Component: (await import('./features/guardians/guardian-confirm-page.tsx'))
            .GuardianConfirmPage,
        }),
      },
      // Where a third-party sign-in comes back to, signed in or not yet.
      {
        path: 'auth/callback',
        lazy: async () => ({
          Component: (await import('./features/auth/auth-callback-page.tsx')).AuthCallbackPage,
        }),
      },
      {
        path: 'auth/finish',
        lazy: async () => ({
          Component: (await import('./features/auth/finish-sign-up-page.tsx')).FinishSignUpPage,
        }),
      },
      // The link in every notification email: works without signing in.
      {
        path: 'unsubscribe',
        lazy: async () => ({
          Component: (await import('./features/notifications/unsubscribe-page.tsx'))
            .UnsubscribePage,
        }),
      },
      // A member's public profile (issue 24): readable signed in or not.
      {
        path: 'p/:username',
        lazy: async () => ({
          Component: (await import('./features/public-profile/public-profile-page.tsx'))
            .PublicProfilePage,
        }),
      },
      // The link in a suspension or ban email: the member cannot sign in.
      {
        path: 'appeal',
        lazy: async () => ({
          Component: (await import('./features/moderation/member/appeal-page.tsx')).AppealPage,
        }),
      },
      {
        path: 'user-agreement',
        lazy: async () => ({ Component: (await legal.userAgreement()).UserAgreementPage }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({ Component: (await legal.privacyPolicy()).PrivacyPolicyPage }),
      },
      {
        path: 'cookie-policy',
        lazy: async () => ({ Component: (await legal.cookiePolicy()).CookiePolicyPage }),
      },
      {
        // The in-app frame (top bar, navigation, badge, search) loads with the first in-app page:
        // the landing page does without it.
        lazy: async () => ({
          Component: (await pages.appLayout()).AppLayout,
        }),
        children: [
          // Browsable by visitors: applying is what asks them to sign in.
          {
            path: 'offers',
            lazy: async () => ({
              Component: (await import('./features/offers/offers-page.tsx')).OffersPage,
            }),
          },
          {
            path: 'offers/:offerId',
            lazy: async () => ({
              Component: (await import('./features/offers/offer-page.tsx')).OfferPage,
            }),
          },
          {
            Component: RequireAuth,
            children: [
              {
                path: 'feed',
                lazy: async () => ({
                  Component: (await pages.feed()).FeedPage,
                }),
              },
              {
                path: 'posts/:id',
                lazy: async () => ({
                  Component: (await import('./features/posts/post-page.tsx')).PostPage,
                }),
              },
              {
                path: 'profile/edit',
                lazy: async () => ({
                  Component: (await import('./features/profile-edit/profile-edit-page.tsx'))
                    .ProfileEditPage,
                }),
              },
              {
                path: 'profile/:username',
                lazy: async () => ({
                  Component: (await import('./features/profile/profile-page.tsx')).ProfilePage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('./features/settings/settings-page.tsx')).SettingsPage,
                }),
              },
              {
                path: 'discover',
                lazy: async () => ({
                  Component: (await import('./features/discover/discover-page.tsx')).DiscoverPage,
                }),
              },
              {
                path: 'messages',
                lazy: async () => ({
                  Component: (await import('./features/messages/messages-page.tsx')).MessagesPage,
                }),
              },
              {
                path: 'notifications',
                lazy: async () => ({
                  Component: (await import('./features/notifications/notifications-page.tsx'))
                    .NotificationsPage,
                }),
              },
              {
                path: 'sport-camps',
                lazy: async () => ({
                  Component: (await import('./features/camps/camps-page.tsx')).CampsPage,
                }),
              },
              {
                path: 'sport-camps/new',
                lazy: async () => ({
                  Component: (await import('./features/camps/form/camp-form-pages.tsx'))
                    .PostCampPage,
                }),
              },
              {
                path: 'sport-camps/:campId',
                lazy: async () => ({
                  Component: (await import('./features/camps/camp-page.tsx')).CampPage,
                }),
              },
              {
                path: 'sport-camps/:campId/edit',
                lazy: async () => ({
                  Component: (await import('./features/camps/form/camp-form-pages.tsx'))
                    .EditCampPage,
                }),
              },
              {
                path: 'scholarships',
                lazy: async () => ({
                  Component: (await import('./features/scholarships/scholarships-page.tsx'))
                    .ScholarshipsPage,
                }),
              },
              {
                path: 'scholarships/new',
                lazy: async () => ({
                  Component: (
                    await import('./features/scholarships/form/scholarship-form-pages.tsx')
                  ).PostScholarshipPage,
                }),
              },
              {
                path: 'scholarships/:scholarshipId',
                lazy: async () => ({
                  Component: (await import('./features/scholarships/scholarship-page.tsx'))
                    .ScholarshipPage,
                }),
              },
              {
                path: 'scholarships/:scholarshipId/edit',
                lazy: async () => ({
                  Component: (
                    await import('./features/scholarships/form/scholarship-form-pages.tsx')
                  ).EditScholarshipPage,
                }),
              },
              {
                path: 'post-offer',
                lazy: async () => ({
                  Component: (await import('./features/offers/post/post-offer-page.tsx'))
                    .PostOfferPage,
                }),
              },
              {
                path: 'scout',
                lazy: async () => ({
                  Component: (await import('./features/scout/scout-page.tsx')).ScoutPage,
                }),
              },
              {
                path: 'applications',
                lazy: async () => ({
                  Component: (await import('./features/applications/my-applications-page.tsx'))
                    .MyApplicationsPage,
                }),
              },
              {
                path: 'applications-received',
                lazy: async () => ({
                  Component: (
                    await import('./features/offers/applications-received/applications-received-page.tsx')
                  ).ApplicationsReceivedPage,
                }),
              },
              {
                path: 'decisions',
                lazy: async () => ({
                  Component: (await import('./features/moderation/member/decisions-page.tsx'))
                    .DecisionsPage,
                }),
              },
              {
                Component: RequireAdmin,
                children: [
                  {
                    path: 'verify',
                    lazy: async () => ({
                      Component: (await import('./features/verification/verify-page.tsx'))
                        .VerifyPage,
                    }),
                  },
                  {
                    path: 'moderation',
                    lazy: async () => ({
                      Component: (await import('./features/moderation/queue/moderation-page.tsx'))
                        .ModerationPage,
                    }),
                  },
                  {
                    path: 'admin/jobs',
                    lazy: async () => ({
                      Component: (await import('./features/notifications/failed-jobs-page.tsx'))
                        .FailedJobsPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./features/errors/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];
