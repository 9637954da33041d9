import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SUPPORT } from '../../../core/support';
import { formatDateTime } from '../../../core/time';
import { useAuth } from '../../lib/session';
import { mySupportRequestsQuery } from '../../lib/support';
import { Section, SitePage } from '../site/site-chrome';
import { ContactSupportForm } from './contact-support-form';
import { FAQ } from './faq';

/** Help: the questions each role asks, and a person at Parkada support, by the form or by e-mail. */
export function HelpPage() {
  const { user } = useAuth();
  return (
    <SitePage title="Help" intro={<SupportContact />}>
      {FAQ.map(({ role, questions }) => (
        <Section key={role} title={`For ${role.toLowerCase()}`}>
          {questions.map(({ question, answer }) => (
            <details key={question} className="rounded-lg border border-border p-3">
              <summary className="cursor-pointer font-medium">{question}</summary>
              <p className="mt-2 text-muted-foreground">{answer}</p>
            </details>
          ))}
        </Section>
      ))}
      <Section title="Contact support">
        {user ? (
          <ContactSupportForm />
        ) : (
          <p>
            <Link to="/login" className="text-brand underline">
              Sign in
            </Link>{' '}
            to write to support and follow the replies here, or e-mail {SUPPORT.email}.
          </p>
        )}
      </Section>
      {user && <MyRequests />}
    </SitePage>
  );
}

/** The one support channel, the same on every page (core/support.ts). */
function SupportContact() {
  return (
    <p>
      Parkada support answers {SUPPORT.hours}: write below, or e-mail{' '}
      <a href={`mailto:${SUPPORT.email}`} className="text-brand underline">
        {SUPPORT.email}
      </a>
      .
    </p>
  );
}

function MyRequests() {
  const { data: requests = [] } = useQuery(mySupportRequestsQuery);
  return (
    <Section title="My requests">
      {requests.length === 0 ? (
        <p className="text-muted-foreground">No requests yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link to="/support/$id" params={{ id: request.id }} className="font-medium underline-offset-4 hover:underline">
                {request.subject}
              </Link>
              <span className="text-sm text-muted-foreground">
                {request.status === 'answered' ? 'Answered' : 'Waiting for support'} · {formatDateTime(request.lastMessageAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
