import { ClientSection } from './components/ClientSection.tsx';
import { DeliveryDueSection } from './components/DeliveryDueSection.tsx';
import { DueDateSection } from './components/DueDateSection.tsx';
import { EstimatorSection } from './components/EstimatorSection.tsx';
import { FileSetsSection } from './components/FileSetsSection.tsx';
import { HistorySection } from './components/HistorySection.tsx';
import { OutcomeSection } from './components/OutcomeSection.tsx';
import { ProjectSection } from './components/ProjectSection.tsx';
import { QuoteSection } from './components/QuoteSection.tsx';
import { RevisionsSection } from './components/RevisionsSection.tsx';
import { SheetIndexSection } from './components/SheetIndexSection.tsx';
import type { Section } from './section.ts';
import './components/lifecycle.css';
import { StatusSection } from './components/StatusSection.tsx';

/**
 * The panel's sections, top to bottom. To add one: write a `FooSection.tsx`
 * taking SectionProps (its data is a field of the Workspace answer) and list it here.
 */
export const SECTIONS: Section[] = [
  { id: 'project', title: 'Project', Component: ProjectSection },
  // Who at the firm estimates it (docs/product.md §25).
  { id: 'estimator', title: 'Estimator', Component: EstimatorSection },
  { id: 'status', title: 'Status', Component: StatusSection },
  { id: 'quote', title: 'Quote', Component: QuoteSection },
  { id: 'delivery', title: 'Delivery due', Component: DeliveryDueSection },
  { id: 'due', title: 'Bid due date', Component: DueDateSection },
  { id: 'outcome', title: 'Bid outcome', Component: OutcomeSection },
  { id: 'client', title: 'Client', Component: ClientSection },
  // Files by set (Original, Addendum N) and deliverables by revision replace the flat lists.
  { id: 'files', title: 'Plan files', Component: FileSetsSection },
  // What the background reader found in the plan set.
  { id: 'sheet-index', title: 'Sheet index', Component: SheetIndexSection },
  { id: 'deliverables', title: 'Deliverables', Component: RevisionsSection },
  { id: 'history', title: 'History', Component: HistorySection },
];
