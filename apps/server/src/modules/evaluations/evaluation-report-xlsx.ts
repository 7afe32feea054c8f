import type { Language, Localized } from '@meetflow/shared/languages';
import type { EvaluationReport } from '@meetflow/shared/schemas/evaluations';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';
import type { QuestionReport } from './evaluation-report.ts';

/*
 * An evaluation's report as a workbook for the accrediting body (issue 43): a summary (meeting,
 * session, evaluation, response rate, passes), one row per question (distribution and average), one
 * row per option or point (for charts), and the free texts. Aggregates only, for named evaluations
 * too: no name, e-mail, guest id or time of answering is written, and the texts are shuffled.
 */

const T = {
  summary: { 'zh-tw': '摘要', 'zh-cn': '摘要', en: 'Summary' },
  item: { 'zh-tw': '項目', 'zh-cn': '项目', en: 'Item' },
  value: { 'zh-tw': '數值', 'zh-cn': '数值', en: 'Value' },
  meeting: { 'zh-tw': '會議', 'zh-cn': '会议', en: 'Meeting' },
  session: { 'zh-tw': '場次', 'zh-cn': '场次', en: 'Session' },
  wholeMeeting: { 'zh-tw': '整個會議', 'zh-cn': '整个会议', en: 'Whole meeting' },
  evaluation: { 'zh-tw': '評核問卷', 'zh-cn': '评核问卷', en: 'Evaluation' },
  kind: { 'zh-tw': '作答方式', 'zh-cn': '作答方式', en: 'Answers' },
  anonymous: { 'zh-tw': '匿名', 'zh-cn': '匿名', en: 'Anonymous' },
  named: { 'zh-tw': '記名', 'zh-cn': '记名', en: 'Named' },
  eligible: { 'zh-tw': '合資格人數', 'zh-cn': '合资格人数', en: 'Eligible' },
  invited: { 'zh-tw': '已邀請人數', 'zh-cn': '已邀请人数', en: 'Invited' },
  completed: { 'zh-tw': '已完成人數', 'zh-cn': '已完成人数', en: 'Completed' },
  rate: { 'zh-tw': '回覆率 (%)', 'zh-cn': '回复率 (%)', en: 'Response rate (%)' },
  passed: { 'zh-tw': '測驗合格人數', 'zh-cn': '测验合格人数', en: 'Passed the quiz' },
  note: { 'zh-tw': '說明', 'zh-cn': '说明', en: 'Note' },
  aggregates: {
    'zh-tw': '本報告只載統計結果，不含任何作答者的個人資料。',
    'zh-cn': '本报告只载统计结果，不含任何作答者的个人资料。',
    en: 'Aggregates only: this report holds no personal data of any respondent.',
  },
  questions: { 'zh-tw': '題目', 'zh-cn': '题目', en: 'Questions' },
  number: { 'zh-tw': '題號', 'zh-cn': '题号', en: 'No.' },
  question: { 'zh-tw': '題目', 'zh-cn': '题目', en: 'Question' },
  type: { 'zh-tw': '類型', 'zh-cn': '类型', en: 'Type' },
  answered: { 'zh-tw': '作答人數', 'zh-cn': '作答人数', en: 'Answered' },
  average: { 'zh-tw': '平均', 'zh-cn': '平均', en: 'Average' },
  right: { 'zh-tw': '答對人數', 'zh-cn': '答对人数', en: 'Right' },
  distribution: { 'zh-tw': '分佈', 'zh-cn': '分布', en: 'Distribution' },
  option: { 'zh-tw': '選項', 'zh-cn': '选项', en: 'Option' },
  count: { 'zh-tw': '人數', 'zh-cn': '人数', en: 'Count' },
  share: { 'zh-tw': '百分比 (%)', 'zh-cn': '百分比 (%)', en: 'Share (%)' },
  texts: { 'zh-tw': '文字回覆', 'zh-cn': '文字回复', en: 'Free texts' },
  text: { 'zh-tw': '回覆', 'zh-cn': '回复', en: 'Answer' },
} satisfies Record<string, Localized>;

const TYPE_NAMES: Record<string, Localized> = {
  rating: { 'zh-tw': '評分', 'zh-cn': '评分', en: 'Rating' },
  choice: { 'zh-tw': '單選', 'zh-cn': '单选', en: 'Choice' },
  multi_choice: { 'zh-tw': '多選', 'zh-cn': '多选', en: 'Multiple choice' },
  yes_no: { 'zh-tw': '是非', 'zh-cn': '是非', en: 'Yes / no' },
  short_text: { 'zh-tw': '短文字', 'zh-cn': '短文字', en: 'Short text' },
  long_text: { 'zh-tw': '長文字', 'zh-cn': '长文字', en: 'Long text' },
  number: { 'zh-tw': '數字', 'zh-cn': '数字', en: 'Number' },
  date: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Date' },
};

export interface ReportWorkbookInput {
  /** The meeting's and the session's names in the file's language ('' for a meeting evaluation). */
  meetingName: string;
  scopeName: string;
  /** The evaluation's title in the file's language. */
  title: string;
  /** Built in the file's language. */
  report: EvaluationReport;
}

/** Whole percent with one decimal. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

async function* each<Row>(rows: readonly Row[]) {
  yield* rows;
}

function sheet<Row>(name: Localized, columns: XlsxColumn<Row>[], rows: readonly Row[]): PreparedSheet {
  return xlsxSheet({ name, columns, rows: each(rows) });
}

/** The four sheets of the report. */
export function evaluationReportSheets(input: ReportWorkbookInput): PreparedSheet[] {
  const { report } = input;
  const questions = report.questions.map((q, i) => ({ ...q, number: i + 1 }));
  return [
    summarySheet(input),
    sheet<(typeof questions)[number]>(
      T.questions,
      [
        { header: T.number, width: 6, type: 'number', value: (q) => q.number },
        { header: T.question, width: 40, value: (q) => q.label },
        { header: T.type, width: 12, value: (q, lang) => TYPE_NAMES[q.type]?.[lang] ?? q.type },
        { header: T.answered, width: 10, type: 'number', value: (q) => q.answered },
        { header: T.average, width: 10, type: 'number', value: (q) => q.average },
        { header: T.right, width: 10, type: 'number', value: (q) => q.right },
        { header: T.distribution, width: 60, value: (q) => distributionText(q) },
      ],
      questions,
    ),
    sheet<{ number: number; question: string; label: string; count: number; share: number }>(
      T.distribution,
      [
        { header: T.number, width: 6, type: 'number', value: (r) => r.number },
        { header: T.question, width: 40, value: (r) => r.question },
        { header: T.option, width: 30, value: (r) => r.label },
        { header: T.count, width: 10, type: 'number', value: (r) => r.count },
        { header: T.share, width: 12, type: 'number', value: (r) => r.share },
      ],
      questions.flatMap((q) =>
        q.distribution.map((b) => ({
          number: q.number,
          question: q.label,
          label: b.label,
          count: b.count,
          share: percent(b.count, q.answered),
        })),
      ),
    ),
    sheet<{ number: number; question: string; text: string }>(
      T.texts,
      [
        { header: T.number, width: 6, type: 'number', value: (r) => r.number },
        { header: T.question, width: 40, value: (r) => r.question },
        { header: T.text, width: 80, value: (r) => r.text },
      ],
      questions.flatMap((q) => q.texts.map((text) => ({ number: q.number, question: q.label, text }))),
    ),
  ];
}

/** "1 · Poor: 0; 2 · Fair: 3": every bucket in one cell, in the scale's order. */
function distributionText(question: QuestionReport): string {
  return question.distribution.map((b) => `${b.label}: ${b.count}`).join('; ');
}

type SummaryRow = { item: Localized; value: (lang: Language) => string | number | null };

function summarySheet(input: ReportWorkbookInput): PreparedSheet {
  const { counts, passed, evaluation } = input.report;
  const rows: SummaryRow[] = [
    { item: T.meeting, value: () => input.meetingName },
    { item: T.session, value: (lang) => input.scopeName || T.wholeMeeting[lang] },
    { item: T.evaluation, value: () => input.title },
    { item: T.kind, value: (lang) => (evaluation.anonymous ? T.anonymous : T.named)[lang] },
    { item: T.eligible, value: () => counts.eligible },
    { item: T.invited, value: () => counts.invited },
    { item: T.completed, value: () => counts.completed },
    { item: T.rate, value: () => Math.round(counts.response_rate * 1000) / 10 },
    ...(passed === null ? [] : [{ item: T.passed, value: () => passed }]),
    { item: T.note, value: (lang) => T.aggregates[lang] },
  ];
  return sheet<SummaryRow>(
    T.summary,
    [
      { header: T.item, width: 22, value: (r, lang) => r.item[lang] },
      { header: T.value, width: 60, type: 'number', value: (r, lang) => r.value(lang) },
    ],
    rows,
  );
}
