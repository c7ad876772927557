// Three published articles a fresh installation starts with, so
// /blog, its filters and the post pages show real reading on day one. Written
// for contractors; plain HTML of the kinds the blog sanitizer keeps. Seeded once
// with the catalogue (seed.ts); an admin edits or deletes them like any post.

export type StarterArticle = { title: string; subTitle: string; category: string; tags: string[]; daysAgo: number; body: string };

export const STARTER_ARTICLES: readonly StarterArticle[] = [
  {
    title: 'What a Quantity Takeoff Must Count Before You Price Anything',
    subTitle: 'A checklist for reading plans so the number you bid is the job you build',
    category: 'Estimating Tips',
    tags: ['takeoff', 'estimating', 'plans'],
    daysAgo: 9,
    body: `<p>Most lost money on a job was lost before the first price went in: a wall type missed on one sheet, a detail read at the wrong scale, an addendum that never reached the estimator. A quantity takeoff is where that happens, so it deserves a routine.</p>
<h2>Start with the set, not the first sheet</h2>
<p>Before measuring anything, list every sheet in the set and every addendum, and check the issue dates against the bid invitation. Read the general notes and the specifications section for your trade. Scope you are expected to carry is often written there rather than drawn.</p>
<h2>Check the scale on every sheet</h2>
<p>Enlarged plans, details and partial plans often use a different scale from the floor plan beside them. Verify each sheet against a printed dimension before you measure. A PDF printed to fit the page has no reliable scale at all.</p>
<h2>Count in the units you buy and install</h2>
<ul>
<li>Concrete in cubic yards, with footings, slabs, grade beams and thickened edges counted separately.</li>
<li>Framing and drywall by wall type, with heights taken from the sections, not assumed.</li>
<li>Openings as a schedule: doors, frames and hardware sets counted from the door schedule and checked against the plan.</li>
<li>Finishes by room, from the finish schedule, so a change to one room changes one line.</li>
</ul>
<h2>Write down what you excluded</h2>
<p>Every takeoff has items you did not count on purpose: work by others, owner-furnished equipment, allowances. List them in the bid. A clear exclusion list protects you better than a contingency buried in the unit prices.</p>
<p>A good takeoff can be checked by someone else. If another estimator can follow your marked-up plans and land on the same quantities, the price built on them will hold up.</p>`,
  },
  {
    title: 'Five Costs Subcontractors Leave Out of Their Bids',
    subTitle: 'The line items that rarely appear on the drawings but always appear on the job',
    category: 'Bidding Strategy',
    tags: ['bidding', 'subcontractors', 'overhead'],
    daysAgo: 5,
    body: `<p>A bid can have every quantity right and still lose money, because some costs never show up as a line on the plans. These five come up again and again when we review subcontractor bids.</p>
<h2>1. Mobilization and remobilization</h2>
<p>Getting people, tools and equipment to the site costs money each time. If the schedule splits your work into phases, price each return trip, not just the first arrival.</p>
<h2>2. Supervision and project management</h2>
<p>Someone runs the crew, attends the meetings, answers requests for information and writes the daily reports. That time belongs in the bid, whether as a line item or in your overhead rate.</p>
<h2>3. Material escalation and lead times</h2>
<p>Prices quoted today may not hold until you buy. Check how long your supplier will hold a quote, and note in your bid when prices are valid until. Long lead items can also push your work into a later, more expensive part of the schedule.</p>
<h2>4. Hoisting, storage and cleanup</h2>
<p>Who lifts your material to the third floor, where it is stored, and who hauls away your waste are easy to assume away. Read the general conditions and the general contractor's scope letter, and price whatever lands on you.</p>
<h2>5. Bonds, insurance and permits</h2>
<p>Public and larger private work often requires payment and performance bonds and specific insurance limits. Get the actual cost from your surety and your agent for the contract value, and include the permits your trade pulls.</p>
<p>None of these are exotic. They are missed because they live in the specifications and general conditions rather than on the drawings. Read those documents with the same care as the plans.</p>`,
  },
  {
    title: 'Estimating in South Florida: Pricing for Weather, Code and Schedule',
    subTitle: 'What changes when the job is in Miami-Dade or Broward',
    category: 'Construction Industry',
    tags: ['miami', 'hurricane', 'schedule'],
    daysAgo: 2,
    body: `<p>A unit price that works elsewhere in the country can fall short in South Florida. The climate, the building code and the calendar all reach into the estimate, and each one is worth a line of its own.</p>
<h2>The code asks more of the building envelope</h2>
<p>Miami-Dade and Broward counties sit in the High-Velocity Hurricane Zone of the Florida Building Code. Roofing, windows, doors, shutters and their fastening must meet its requirements, and many products need a current approval for use in the zone. Price the approved product and the installation its approval describes, not a generic equivalent.</p>
<h2>Hurricane season is part of the schedule</h2>
<p>The Atlantic hurricane season runs from June through November. Work that leaves a building open to the weather, such as roofing and window installation, carries more risk in those months. Consider time for site preparation before a storm and for cleanup after one, and say in your bid how weather days are handled.</p>
<h2>Heat changes productivity and materials</h2>
<p>Summer heat slows crews and shortens working windows, and concrete placed in hot weather needs planning for placement times, curing and sometimes admixtures or early starts. Adjust labor productivity for the months the work will actually happen.</p>
<h2>Inspections and permits take real time</h2>
<p>Permit review and inspections in busy jurisdictions can hold up the next trade. When your work depends on an inspection, allow for the wait in your schedule and your general conditions rather than assuming next-day sign-off.</p>
<p>None of this makes South Florida work unprofitable. It makes it different, and the bids that win and still make money are the ones that price those differences openly.</p>`,
  },
];
