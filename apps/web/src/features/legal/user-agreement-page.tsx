import { ContactEmail } from './contact-email.tsx';
import { LegalLayout, LegalSection } from './legal-layout.tsx';

export function UserAgreementPage() {
  return (
    <LegalLayout
      title="User Agreement"
      intro={
        <p>
          This User Agreement is a contract between you and Arena. It sets out the rules for using
          Arena, the professional community for players, agents, coaches and clubs. Please read it
          carefully: by using Arena you accept it.
        </p>
      }
    >
      <LegalSection number={1} title="Acceptance of Terms">
        <p>
          By creating an account, signing in or otherwise using Arena, you agree to be bound by this
          User Agreement, our Privacy Policy and our Cookie Policy. If you do not agree, do not use
          Arena. If you use Arena on behalf of a club, agency or other organization, you confirm
          that you are authorized to accept this agreement for it.
        </p>
      </LegalSection>

      <LegalSection number={2} title="Use License">
        <p>
          Arena grants you a personal, limited, non-exclusive, non-transferable and revocable
          licence to use the service for its intended purpose: building your professional sports
          network, sharing your journey and pursuing opportunities in sport. You may not:
        </p>
        <ul>
          <li>copy, modify, sell or redistribute any part of the service or its content;</li>
          <li>
            scrape, harvest or collect other members&apos; data by automated means, or use it for
            unsolicited marketing;
          </li>
          <li>attempt to break, probe or overload the service or its security measures;</li>
          <li>reverse engineer the service, except where the law expressly allows it.</li>
        </ul>
      </LegalSection>

      <LegalSection number={3} title="User Accounts">
        <p>
          You must give accurate, current and complete information when you create your account, and
          keep it up to date. Your profile must represent you, or the organization you are
          authorized to represent: impersonating an athlete, agent, coach or club is forbidden.
        </p>
        <p>
          You are responsible for keeping your password confidential and for everything done with
          your account. Tell us at once if you believe your account has been used without your
          permission. Verification badges are granted at Arena&apos;s discretion and may be
          withdrawn if the information behind them proves inaccurate.
        </p>
      </LegalSection>

      <LegalSection number={4} title="Content Standards">
        <p>
          You keep ownership of the posts, messages, media and other content you share, and you give
          Arena a worldwide, non-exclusive, royalty-free licence to host, display and distribute it
          as needed to run the service. You are responsible for what you share and must have the
          rights to it. Content must not:
        </p>
        <ul>
          <li>be unlawful, defamatory, harassing, hateful, threatening or discriminatory;</li>
          <li>contain sexual content, graphic violence or anything that exploits minors;</li>
          <li>
            be false or misleading, including invented results, fake offers, or misrepresented
            qualifications, contracts or scholarships;
          </li>
          <li>infringe anyone&apos;s intellectual property, privacy or image rights;</li>
          <li>contain spam, malware, or links designed to deceive.</li>
        </ul>
        <p>We may remove content that breaks these standards, with or without notice.</p>
      </LegalSection>

      <LegalSection number={5} title="Termination">
        <p>
          You may close your account at any time. We may suspend or terminate your account, or
          restrict access to features, if you breach this agreement, if required by law, or to
          protect other members or the service. Sections that by their nature should survive
          termination, including content licences already granted and limitations of liability,
          continue to apply.
        </p>
      </LegalSection>

      <LegalSection number={6} title="Limitation of Liability">
        <p>
          Arena is provided &quot;as is&quot; and &quot;as available&quot;. We do not guarantee that
          the service will be uninterrupted or error-free, and we do not vet or endorse the offers,
          tryouts, camps, scholarships or statements that members publish. Any agreement you reach
          with another member is between you and that member.
        </p>
        <p>
          To the fullest extent permitted by law, Arena is not liable for indirect, incidental,
          special, consequential or punitive damages, or for any loss of profits, data,
          opportunities or goodwill arising from your use of the service. Nothing in this agreement
          limits liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection number={7} title="Changes to Terms">
        <p>
          We may update this User Agreement as Arena evolves. We will give you at least 30
          days&apos; notice of any material change, by email or through the service, before it takes
          effect. If you keep using Arena after a change takes effect, you accept the updated
          agreement; if you do not accept it, you may close your account.
        </p>
      </LegalSection>

      <LegalSection number={8} title="Contact Information">
        <p>
          Questions about this User Agreement? Contact us at <ContactEmail />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
