import { ContactEmail } from './contact-email.tsx';
import { LegalLayout, LegalSection } from './legal-layout.tsx';

export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us. This Privacy Policy explains what personal information Arena
          collects, how we use and share it, and the choices and rights you have.
        </p>
      }
    >
      <LegalSection number={1} title="Information We Collect">
        <p>We collect information you give us and information created as you use Arena:</p>
        <ul>
          <li>
            Account information: your name, username, email address, password (stored only as a
            secure hash) and whether you are a player, agent, coach or club.
          </li>
          <li>
            Profile and sport CV: your photo, bio, sport, positions, physical attributes, career
            history, awards and availability.
          </li>
          <li>
            Content: posts, comments, media, messages, offer applications and any CV you upload.
          </li>
          <li>
            Verification requests: organization details, contact information and any supporting
            information you provide.
          </li>
          <li>
            Usage information: pages viewed, profile views, device and browser type, and log data
            such as IP addresses and timestamps.
          </li>
        </ul>
      </LegalSection>

      <LegalSection number={2} title="How We Use Your Information">
        <ul>
          <li>to provide, maintain and secure the service and your account;</li>
          <li>to show your profile and content to the members you choose to reach;</li>
          <li>to suggest connections and relevant offers, tryouts, camps and scholarships;</li>
          <li>to process verification requests and offer applications;</li>
          <li>to communicate with you about your account and changes to Arena;</li>
          <li>to detect, prevent and respond to fraud, abuse and security incidents.</li>
        </ul>
      </LegalSection>

      <LegalSection number={3} title="How We Share Information">
        <p>
          Your profile and posts are visible to other members. Messages are visible only to their
          participants. When you apply to an offer, your application and CV are shared with the
          member who posted it. We do not sell your personal information. We share it with service
          providers who host and operate Arena on our behalf under confidentiality obligations, and
          with authorities where the law requires it.
        </p>
      </LegalSection>

      <LegalSection number={4} title="Data Retention">
        <p>
          We keep your information for as long as your account is active and as needed to provide
          the service. When you close your account, we delete or anonymize your personal information
          within a reasonable period, except where we must keep it to meet legal obligations,
          resolve disputes or enforce our agreements.
        </p>
      </LegalSection>

      <LegalSection number={5} title="Data Security">
        <p>
          We protect your information with technical and organizational measures, including
          encrypted connections, hashed passwords, short-lived access tokens and restricted access
          to private files such as CVs and message attachments. No system is perfectly secure, so
          please use a strong, unique password and keep it to yourself.
        </p>
      </LegalSection>

      <LegalSection number={6} title="Your Rights and Choices">
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete
          your personal information, and to object to or restrict certain processing. You can edit
          most of your information from your profile at any time. To exercise any other right,
          contact us using the details below.
        </p>
      </LegalSection>

      <LegalSection number={7} title="Children's Privacy">
        <p>
          Arena is not intended for children under 13, and we do not knowingly collect personal
          information from children under 13. If we learn that a child under 13 has created an
          account, we will delete it. Members who are minors above that age should use Arena with
          the involvement of a parent or guardian.
        </p>
      </LegalSection>

      <LegalSection number={8} title="Changes to This Policy">
        <p>
          We may update this Privacy Policy from time to time. We will give you at least 30
          days&apos; notice of any material change before it takes effect, and the date at the top
          of this page shows when it was last updated.
        </p>
      </LegalSection>

      <LegalSection number={9} title="Contact Us">
        <p>
          Questions or requests about your privacy? Contact us at <ContactEmail />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
