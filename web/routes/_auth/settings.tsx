import { createFileRoute } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { Card } from '../../components/ui/card';
import { NotificationSwitchesTab, PreferencesTab } from '../../features/settings/preferences-tabs';
import { ProfileTab } from '../../features/settings/profile-tab';
import { VehiclesTab } from '../../features/settings/vehicles-tab';
import { useAuth } from '../../lib/session';

export const Route = createFileRoute('/_auth/settings')({ component: SettingsPage });

const TABS = [
  ['profile', 'Profile'],
  ['vehicles', 'Vehicles'],
  ['notifications', 'Notifications'],
  ['preferences', 'Preferences'],
] as const;

/** Spec 2.11: four tabs, Profile first, every control saved on the server. */
function SettingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Settings</h1>
      <Tabs.Root defaultValue="profile">
        <Tabs.List aria-label="Settings" className="mb-4 flex gap-1 overflow-x-auto rounded-lg border border-border p-1">
          {TABS.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="flex-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-brand data-[state=active]:text-white"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Card>
          <Tabs.Content value="profile">
            <ProfileTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="vehicles">
            <VehiclesTab />
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <NotificationSwitchesTab />
          </Tabs.Content>
          <Tabs.Content value="preferences">
            <PreferencesTab />
          </Tabs.Content>
        </Card>
      </Tabs.Root>
    </main>
  );
}
