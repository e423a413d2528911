import type { SessionUser } from '../../../../contract/accounts.ts';

export default function CustomerDashboard({ title, user }: { title: string; user: SessionUser }) {
  return (
    <div>
      <h1>{title}</h1>
      <p>
        Signed in as {user.firstName} {user.lastName} ({user.email})
      </p>
    </div>
  );
}
