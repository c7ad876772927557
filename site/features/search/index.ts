// What other areas may take from the search area (eslint.config.js, "areas").
export { SearchBox } from './components/SearchBox.tsx';
