import { ContactEmail } from './contact-email.tsx';
import { LegalLayout, LegalSection } from './legal-layout.tsx';

export function CookiePolicyPage() {
  return (
    <LegalLayout
      title="Cookie Policy"
      intro={
        <p>
          This Cookie Policy explains what cookies and similar technologies are, how Arena uses
          them, and the choices you have.
        </p>
      }
    >
      <LegalSection number={1} title="What Are Cookies">
        <p>
          Cookies are small text files that a website stores in your browser. They let the site
          recognize your browser on later requests, for example to keep you signed in. Similar
          technologies, such as your browser&apos;s local storage and session storage, keep small
          pieces of information on your device in the same way. In this policy, &quot;cookies&quot;
          covers all of them.
        </p>
      </LegalSection>

      <LegalSection number={2} title="How Arena Uses Cookies">
        <p>
          Arena uses cookies to keep you securely signed in, to remember your choices, and to keep
          the service working reliably. We keep their number to a minimum and never use them to sell
          your information.
        </p>
      </LegalSection>

      <LegalSection number={3} title="Types of Cookies">
        <h3 className="font-semibold text-slate-900">Essential cookies</h3>
        <p>
          These are needed for Arena to work and cannot be switched off. When you sign in, Arena
          stores a secure, HttpOnly sign-in cookie that scripts cannot read. If you tick
          &quot;Remember me&quot; it lasts until you sign out or stop using Arena for a while;
          otherwise it ends when you close your browser. A small flag in your browser&apos;s storage
          records which of the two you chose.
        </p>
        <h3 className="font-semibold text-slate-900">Performance cookies</h3>
        <p>
          Performance cookies collect information about how visitors use a site, such as which pages
          are visited most and whether errors occur, so that it can be improved. Arena measures
          performance on its own servers and does not currently set performance cookies.
        </p>
        <h3 className="font-semibold text-slate-900">Functionality cookies</h3>
        <p>
          Functionality cookies remember choices you make, such as your preferences, to give you a
          more personal experience. Where Arena remembers a choice of this kind, it is kept in your
          browser and used only to provide the feature you asked for.
        </p>
        <h3 className="font-semibold text-slate-900">Targeting cookies</h3>
        <p>
          Targeting or advertising cookies track your browsing across websites to build a profile of
          your interests and show you relevant adverts. Arena does not use targeting cookies and
          does not allow advertisers to place them through our service.
        </p>
      </LegalSection>

      <LegalSection number={4} title="Third-Party Cookies">
        <p>
          Some cookies are set by other companies whose services a site uses. Arena does not embed
          third-party advertising or tracking services. If we ever introduce a third-party service
          that sets cookies, we will update this policy before doing so, and those cookies will be
          governed by the third party&apos;s own policy.
        </p>
      </LegalSection>

      <LegalSection number={5} title="Your Browser Choices">
        <p>
          Most browsers let you view, block and delete cookies through their settings, and to clear
          local and session storage. You can also choose to block all cookies, or only third-party
          ones. If you block essential cookies, you will not be able to sign in to Arena. Your
          browser&apos;s help pages explain how to manage these settings.
        </p>
      </LegalSection>

      <LegalSection number={6} title="Changes to This Policy">
        <p>
          We may update this Cookie Policy when the way we use cookies changes. We will give you at
          least 30 days&apos; notice of any material change, and the date at the top of this page
          shows when it was last updated.
        </p>
      </LegalSection>

      <LegalSection number={7} title="Contact Us">
        <p>
          Questions about cookies? Contact us at <ContactEmail />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
