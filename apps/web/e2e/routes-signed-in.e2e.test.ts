import { describeEveryPage } from './every-page';

// Every page signed in, with a trip of one's own (the signed-out passes are in routes).
describeEveryPage(
  [
    ['en', true],
    ['ar', true],
  ],
  'pages-admin@jammy.test',
);
