import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The slice of Upwork's GraphQL schema the product uses (names as the reference lists them).
 * Resolvers are the root value built in upwork.ts; nested fields resolve from plain objects.
 */
export const UPWORK_SDL = /* GraphQL */ `
  type Query {
    marketplaceJobPostingsSearch(
      marketPlaceJobFilter: MarketplaceJobPostingsSearchFilter
      searchType: MarketplaceJobPostingSearchType
      sortAttributes: [MarketplaceJobPostingSearchSortAttribute]
    ): MarketplaceJobPostingSearchConnection
    marketplaceJobPosting(id: ID!): MarketplaceJobPosting
    organization: Organization!
    user: User!
    vendorProposals(
      filter: VendorProposalFilter!
      sortAttribute: VendorProposalSortAttribute!
      pagination: Pagination!
    ): VendorProposalsConnection
    vendorProposal(id: ID!): VendorProposal
    proposalRoom(vendorProposalId: ID!): Room
    roomStories(filter: RoomStoryFilter): RoomStoryConnection
  }

  type Mutation {
    createJobProposal(input: CreateJobProposalInput!): CreateJobProposalResponse!
  }

  enum MarketplaceJobPostingSearchType {
    USER_JOBS_SEARCH
    JOBS_FEED
  }
  enum MarketplaceJobPostingSearchSortField {
    RECENCY
    RELEVANCE
    CLIENT_TOTAL_CHARGE
    CLIENT_RATING
  }
  enum ContractType {
    HOURLY
    FIXED
  }
  enum ExperienceLevel {
    NONE
    ENTRY_LEVEL
    INTERMEDIATE
    EXPERT
  }
  enum JobDuration {
    WEEK
    MONTH
    QUARTER
    SEMESTER
    ONGOING
  }
  enum Workload {
    FULL_TIME
    PART_TIME
    AS_NEEDED
    NOT_SURE
  }
  enum HourlyBudgetType {
    DEFAULT
    MANUAL
    NOT_PROVIDED
  }

  input MarketplaceJobPostingSearchSortAttribute {
    field: MarketplaceJobPostingSearchSortField
  }
  input IntRange {
    rangeStart: Int
    rangeEnd: Int
  }
  input Pagination {
    first: Int!
    after: String
  }
  input SearchTerm {
    andTerms_all: [String!]
    orTerms_any: [String!]
    exactTerms_any: [String!]
    excludeTerms_any: [String!]
  }

  input MarketplaceJobPostingsSearchFilter {
    searchExpression_eq: String
    titleExpression_eq: String
    skillExpression_eq: String
    searchTerm_eq: SearchTerm
    categoryIds_any: [ID!]
    subcategoryIds_any: [ID!]
    occupationIds_any: [ID!]
    ontologySkillIds_all: [ID!]
    jobType_eq: ContractType
    duration_eq: JobDuration
    duration_any: [JobDuration!]
    workload_eq: Workload
    experienceLevel_eq: ExperienceLevel
    hourlyRate_eq: IntRange
    budgetRange_eq: IntRange
    clientHiresRange_eq: IntRange
    proposalRange_eq: IntRange
    verifiedPaymentOnly_eq: Boolean
    previousClients_eq: Boolean
    locations_any: [String!]
    daysPosted_eq: Int
    pagination_eq: Pagination
  }

  type Money {
    rawValue: String
    currency: String
    displayValue: String
  }

  type MarketplaceJobPostingSearchConnection {
    totalCount: Int
    edges: [MarketplaceJobPostingSearchEdge]
    pageInfo: PageInfo
  }
  type PageInfo {
    endCursor: String
    hasNextPage: Boolean
  }
  type MarketplaceJobPostingSearchEdge {
    cursor: String
    node: MarketplaceJobPostingSearchResult
  }

  type MarketplaceJobPostingSearchResult {
    id: ID!
    ciphertext: String
    title: String
    description: String
    createdDateTime: String
    publishedDateTime: String
    renewedDateTime: String
    amount: Money
    hourlyBudgetType: HourlyBudgetType
    hourlyBudgetMin: Money
    hourlyBudgetMax: Money
    experienceLevel: ExperienceLevel
    duration: JobDuration
    durationLabel: String
    engagement: String
    totalApplicants: Int
    category: String
    subcategory: String
    skills: [MarketplaceJobPostingSkill]
    applied: Boolean
    enterprise: Boolean
    relevanceEncoded: String
    client: MarketplaceJobPostingSearchClientInfo
  }
  type MarketplaceJobPostingSkill {
    name: String
    prettyName: String
  }
  type MarketplaceJobPostingSearchClientInfo {
    totalHires: Int
    totalPostedJobs: Int
    totalReviews: Int
    totalFeedback: Float
    verificationStatus: String
    totalSpent: Money
    location: ClientLocation
    companyName: String
  }
  type ClientLocation {
    country: String
    city: String
    state: String
    timezone: String
  }

  type MarketplaceJobPosting {
    id: ID!
    ciphertext: String
    content: JobPostingContent
    contractTerms: ContractTerms
    contractorSelection: ContractorSelection
    classification: JobClassification
  }
  type JobPostingContent {
    title: String
    description: String
  }
  type ContractTerms {
    contractType: ContractType
    experienceLevel: ExperienceLevel
    fixedPriceContractTerms: FixedPriceContractTerms
    hourlyContractTerms: HourlyContractTerms
  }
  type FixedPriceContractTerms {
    amount: Money
  }
  type HourlyContractTerms {
    hourlyBudgetMin: Float
    hourlyBudgetMax: Float
    engagementType: String
  }
  type ContractorSelection {
    proposalRequirement: ProposalRequirement
  }
  type ProposalRequirement {
    coverLetterRequired: Boolean
    screeningQuestions: [ScreeningQuestion]
  }
  type ScreeningQuestion {
    question: String
    sequenceNumber: Int
  }
  type JobClassification {
    skills: [MarketplaceJobPostingSkill]
    category: String
  }

  type Organization {
    id: ID!
    name: String
    type: String
  }
  type User {
    id: ID!
    nid: String
    rid: String
    name: String
    email: String
  }

  enum VendorProposalStatus {
    Pending
    Activated
    Accepted
    Offered
    Hired
    Declined
    Withdrawn
    Archived
  }
  enum VendorProposalSortField {
    CREATEDDATETIME
    MODIFIEDDATETIME
  }
  enum SortOrder {
    ASC
    DESC
  }
  input VendorProposalSortAttribute {
    field: VendorProposalSortField!
    sortOrder: SortOrder
  }
  input VendorProposalFilter {
    status_eq: VendorProposalStatus!
    jobPostingIds_any: [ID!]
    organizationId_eq: ID
    freelancerId_eq: ID
    annotations_eq: String
  }
  type VendorProposalsConnection {
    totalCount: Int
    edges: [VendorProposalEdge]
    pageInfo: PageInfo
  }
  type VendorProposalEdge {
    cursor: String
    node: VendorProposal
  }
  type VendorProposal {
    id: ID!
    proposalCoverLetter: String
    viewedByClient: Boolean
    status: VendorProposalStatusInfo
    marketplaceJobPosting: MarketplaceJobPosting
    terms: VendorProposalTerms
    auditDetails: AuditDetails
    user: User
    organization: Organization
  }
  type VendorProposalStatusInfo {
    status: VendorProposalStatus
    reason: ProposalStatusReason
  }
  type ProposalStatusReason {
    id: ID
    reason: String
    description: String
  }
  type VendorProposalTerms {
    chargeRate: Money
    upfrontPaymentPercent: Int
  }
  type AuditDetails {
    createdDateTime: DateTimeValue
    modifiedDateTime: DateTimeValue
  }
  type DateTimeValue {
    rawValue: String
    displayValue: String
  }

  type Room {
    id: ID!
    roomName: String
    topic: String
    roomType: String
    createdAtDateTime: String
    vendorProposal: VendorProposal
    offerIds: [ID!]
  }
  input DateTimeRange {
    rangeStart: String
    rangeEnd: String
  }
  input StoryFilter {
    storyCreatedDateTime_bt: DateTimeRange
    pagination: Pagination
  }
  input RoomStoryFilter {
    roomId_eq: String!
    storyFilter: StoryFilter
  }
  type RoomStory {
    id: ID!
    createdDateTime: String
    updatedDateTime: String
    message: String
    user: User
    room: Room
  }
  type RoomStoryEdge {
    cursor: String
    node: RoomStory
  }
  type RoomStoryConnection {
    totalCount: Int
    edges: [RoomStoryEdge]
    pageInfo: PageInfo
  }

  input SelectedContractorInput {
    id: ID
    oDeskUserID: ID
  }
  input ProposalQuestionAnswerInput {
    question: String
    answer: String
  }
  input ProposalMilestoneInput {
    description: String
    dueDate: String
    amount: Float
  }
  input CreateJobProposalInput {
    jobReference: ID!
    chargedAmount: Float
    coverLetter: String!
    selectedContractor: SelectedContractorInput
    teamOrgId: ID
    questions: [ProposalQuestionAnswerInput]
    milestones: [ProposalMilestoneInput]
    estimatedDurationDays: Int
  }
  type CreateJobProposalResponse {
    newProposalId: ID
    status: String
    error: String
  }
`;

let schema: GraphQLSchema | undefined;

/** The sandbox's schema, built on its first request (building it is a fair part of a cold start). */
export function upworkSchema(): GraphQLSchema {
  schema ??= buildSchema(UPWORK_SDL);
  return schema;
}
