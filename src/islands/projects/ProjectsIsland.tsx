import { AppShell } from '../../ui/shell/AppShell';
import { ProjectsScreen } from './ProjectsScreen';

/** /projects */
export default function ProjectsIsland() {
  return (
    <AppShell path="/projects" label="Projects">
      <ProjectsScreen />
    </AppShell>
  );
}
