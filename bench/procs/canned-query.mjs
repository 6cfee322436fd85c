// The canned Query response of the client benchmark: a realistic first page (10 results with
// titles, excerpts and highlights, attributes, a date and score buckets), about 11 KB of JSON.

function item(i) {
  const title = `Quarterly report ${i + 1}: search relevance and ingest pipeline`;
  const excerpt = `...the ingest pipeline reached steady state after the relevance tuning in week ${i + 3}; queries on the report index now return in under ten milliseconds at the 99th percentile...`;
  return {
    Id: `a1b2c3d4-0000-4000-8000-00000000000${i}-result`,
    Type: 'DOCUMENT',
    Format: 'TEXT',
    AdditionalAttributes: [],
    DocumentId: `s3://reports/2024/q${(i % 4) + 1}/report-${i + 1}.pdf`,
    DocumentTitle: { Text: title, Highlights: [{ BeginOffset: 0, EndOffset: 9, TopAnswer: false, Type: 'STANDARD' }] },
    DocumentExcerpt: {
      Text: excerpt,
      Highlights: [
        { BeginOffset: 7, EndOffset: 13, TopAnswer: false, Type: 'STANDARD' },
        { BeginOffset: 47, EndOffset: 56, TopAnswer: false, Type: 'STANDARD' },
      ],
    },
    DocumentURI: `https://reports.example.com/2024/report-${i + 1}.pdf`,
    DocumentAttributes: [
      { Key: '_source_uri', Value: { StringValue: `https://reports.example.com/2024/report-${i + 1}.pdf` } },
      { Key: '_created_at', Value: { DateValue: 1704067200 + i * 86400 } },
      { Key: 'department', Value: { StringListValue: ['search', 'platform'] } },
    ],
    ScoreAttributes: { ScoreConfidence: ['VERY_HIGH', 'HIGH', 'MEDIUM'][i % 3] },
    FeedbackToken: `AYADeLJ8Yq0h1jZbQ2x1bGZ0cW${i}fake-feedback-token-for-the-benchmark`,
  };
}

/** The response body, as bytes. */
export const CANNED_QUERY = Buffer.from(
  JSON.stringify({
    QueryId: '7b6c6b0e-0d1f-4a4c-9b7e-5f2f0b1c9d11',
    ResultItems: Array.from({ length: 10 }, (_, i) => item(i)),
    FacetResults: [],
    TotalNumberOfResults: 1243,
  }),
);
