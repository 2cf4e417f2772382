/**
 * Generated from GET /v1/openapi.json by `npm run generate:client`; do not edit by hand.
 * A test (test/client/types-drift.test.ts) fails when this file differs from the served document.
 */
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Liveness: the process serves HTTP (no key needed)
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The MCP server
         * @description The MCP server (Streamable HTTP, stateless): tools to find, hold, book, confirm, reschedule and cancel, under the same keys (docs/agents.md)
         *
         *     Keys: any valid key connects; each tool needs the grants of the REST operation it makes and answers as that operation would.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description One JSON-RPC 2.0 message of the Model Context Protocol (a request, a notification, or a response). */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "jsonrpc": "2.0",
                     *       "id": 1,
                     *       "method": "tools/call",
                     *       "params": {
                     *         "name": "list_resources",
                     *         "arguments": {
                     *           "limit": 10
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        error?: {
                            [key: string]: unknown;
                        };
                        id?: string | number;
                        /** @enum {string} */
                        jsonrpc: "2.0";
                        /** @example tools/list */
                        method?: string;
                        params?: {
                            [key: string]: unknown;
                        };
                        result?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description The JSON-RPC response (application/json), or none (202) for a notification. */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Readiness: the database answers (503 when it does not; no key needed)
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts
         * @description List accounts, newest first.
         *
         *     Keys: secret keys, and restricted keys with `accounts: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                accent_color: string | null;
                                booking_label_metadata_key: string | null;
                                /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                                booking_policy: {
                                    /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                    approval: "none" | "required" | null;
                                    /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                    approval_timeout_minutes: number | null;
                                    /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                    cancel_cutoff_minutes: number | null;
                                    /**
                                     * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                     * @example {
                                     *       "amount": 2000,
                                     *       "currency": "EUR",
                                     *       "hold_minutes": 30
                                     *     }
                                     */
                                    deposit: {
                                        /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                        amount: number;
                                        /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                        currency: string;
                                        /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                        hold_minutes: number;
                                    } | null;
                                    /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                    late_cancel_fee: {
                                        /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                        amount: number;
                                        /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                        currency: string;
                                    } | null;
                                    /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                    no_show_fee: {
                                        /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                        amount: number;
                                        /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                        currency: string;
                                    } | null;
                                    /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                    reschedule_cutoff_minutes: number | null;
                                };
                                /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                                booking_rules: {
                                    /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                    max_advance_days: number | null;
                                    /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                    max_per_day: number | null;
                                    /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                    max_per_week: number | null;
                                    /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                    min_notice_minutes: number | null;
                                };
                                /** Format: date-time */
                                created_at: string;
                                display_name: string | null;
                                /** @description The default public holidays of the account's resources (since 2027-02-15); null: none. */
                                holidays: {
                                    country: string;
                                    subdivision: string | null;
                                    types: ("public" | "bank" | "school" | "optional" | "observance")[];
                                } | null;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                name: string;
                                /** @enum {string} */
                                object: "account";
                                /**
                                 * @description The default reminder offsets of the account's resources ([]: none).
                                 * @example [
                                 *       1440,
                                 *       60
                                 *     ]
                                 */
                                reminder_offsets_minutes: number[];
                                timezone: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an account
         * @description Create an account (a business hosted by the platform)
         *
         *     A key bound to one account cannot create accounts (403 permission_denied): it could never reach them.
         *
         *     Keys: secret keys, and restricted keys with `accounts: write`; others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accent_color?: string | null;
                        booking_label_metadata_key?: string | null;
                        /** @description The default booking policy of the account's resources (docs/policies.md); on update, the fields given replace the stored ones. */
                        booking_policy?: {
                            /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                            approval?: "none" | "required" | null;
                            /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                            approval_timeout_minutes?: number | null;
                            /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            cancel_cutoff_minutes?: number | null;
                            /**
                             * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                             * @example {
                             *       "amount": 2000,
                             *       "currency": "EUR",
                             *       "hold_minutes": 30
                             *     }
                             */
                            deposit?: {
                                /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                                /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                hold_minutes: number;
                            } | null;
                            /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                            late_cancel_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                            no_show_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            reschedule_cutoff_minutes?: number | null;
                        };
                        /** @description The default booking rules of the account's resources (docs/bookings.md#booking-rules); on update, the fields given replace the stored ones. */
                        booking_rules?: {
                            /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                            max_advance_days?: number | null;
                            /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                            max_per_day?: number | null;
                            /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                            max_per_week?: number | null;
                            /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                            min_notice_minutes?: number | null;
                        };
                        display_name?: string | null;
                        /**
                         * @description The public holidays that close the account's resources' days, by country and region (since 2027-02-15; docs/availability.md#holidays); null: none. On update, replaces the stored value.
                         * @example {
                         *       "country": "DE",
                         *       "subdivision": "BY"
                         *     }
                         */
                        holidays?: {
                            /** @description ISO 3166-1 alpha-2 country code, as GET /v1/holidays knows it (e.g. `DE`, `US`). */
                            country: string;
                            /** @description The region: the part of its ISO 3166-2 code after the dash (`BY` for DE-BY, `CA` for US-CA); null: the country's holidays only. */
                            subdivision?: string | null;
                            /** @description Which kinds of holiday close the day; default `["public"]`. */
                            types?: ("public" | "bank" | "school" | "optional" | "observance")[];
                        } | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        name: string;
                        /**
                         * @description Up to 5 distinct minutes (1 to 43200) before a booking's start at which booking.reminder is sent, for every resource whose own reminder_offsets_minutes is null. Default [].
                         * @example [
                         *       1440,
                         *       60
                         *     ]
                         */
                        reminder_offsets_minutes?: number[];
                        /** @description IANA time zone name; default UTC. */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accent_color: string | null;
                            booking_label_metadata_key: string | null;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            /** Format: date-time */
                            created_at: string;
                            display_name: string | null;
                            /** @description The default public holidays of the account's resources (since 2027-02-15); null: none. */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "account";
                            /**
                             * @description The default reminder offsets of the account's resources ([]: none).
                             * @example [
                             *       1440,
                             *       60
                             *     ]
                             */
                            reminder_offsets_minutes: number[];
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an account
         * @description Keys: secret keys, and restricted keys with `accounts: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accent_color: string | null;
                            booking_label_metadata_key: string | null;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            /** Format: date-time */
                            created_at: string;
                            display_name: string | null;
                            /** @description The default public holidays of the account's resources (since 2027-02-15); null: none. */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "account";
                            /**
                             * @description The default reminder offsets of the account's resources ([]: none).
                             * @example [
                             *       1440,
                             *       60
                             *     ]
                             */
                            reminder_offsets_minutes: number[];
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update an account
         * @description Keys: secret keys, and restricted keys with `accounts: write`; others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accent_color?: string | null;
                        booking_label_metadata_key?: string | null;
                        /** @description The default booking policy of the account's resources (docs/policies.md); on update, the fields given replace the stored ones. */
                        booking_policy?: {
                            /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                            approval?: "none" | "required" | null;
                            /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                            approval_timeout_minutes?: number | null;
                            /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            cancel_cutoff_minutes?: number | null;
                            /**
                             * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                             * @example {
                             *       "amount": 2000,
                             *       "currency": "EUR",
                             *       "hold_minutes": 30
                             *     }
                             */
                            deposit?: {
                                /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                                /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                hold_minutes: number;
                            } | null;
                            /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                            late_cancel_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                            no_show_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            reschedule_cutoff_minutes?: number | null;
                        };
                        /** @description The default booking rules of the account's resources (docs/bookings.md#booking-rules); on update, the fields given replace the stored ones. */
                        booking_rules?: {
                            /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                            max_advance_days?: number | null;
                            /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                            max_per_day?: number | null;
                            /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                            max_per_week?: number | null;
                            /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                            min_notice_minutes?: number | null;
                        };
                        display_name?: string | null;
                        /**
                         * @description The public holidays that close the account's resources' days, by country and region (since 2027-02-15; docs/availability.md#holidays); null: none. On update, replaces the stored value.
                         * @example {
                         *       "country": "DE",
                         *       "subdivision": "BY"
                         *     }
                         */
                        holidays?: {
                            /** @description ISO 3166-1 alpha-2 country code, as GET /v1/holidays knows it (e.g. `DE`, `US`). */
                            country: string;
                            /** @description The region: the part of its ISO 3166-2 code after the dash (`BY` for DE-BY, `CA` for US-CA); null: the country's holidays only. */
                            subdivision?: string | null;
                            /** @description Which kinds of holiday close the day; default `["public"]`. */
                            types?: ("public" | "bank" | "school" | "optional" | "observance")[];
                        } | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        name?: string;
                        /**
                         * @description Up to 5 distinct minutes (1 to 43200) before a booking's start at which booking.reminder is sent, for every resource whose own reminder_offsets_minutes is null. Default [].
                         * @example [
                         *       1440,
                         *       60
                         *     ]
                         */
                        reminder_offsets_minutes?: number[];
                        /** @description IANA time zone name; default UTC. */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accent_color: string | null;
                            booking_label_metadata_key: string | null;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            /** Format: date-time */
                            created_at: string;
                            display_name: string | null;
                            /** @description The default public holidays of the account's resources (since 2027-02-15); null: none. */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "account";
                            /**
                             * @description The default reminder offsets of the account's resources ([]: none).
                             * @example [
                             *       1440,
                             *       60
                             *     ]
                             */
                            reminder_offsets_minutes: number[];
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete an account and everything under it
         * @description Delete an account and everything under it (409 account_in_use while it has live bookings)
         *
         *     Keys: secret keys, and restricted keys with `accounts: write`; others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{id}/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's exports
         * @description List the account's exports, newest first.
         *
         *     Keys: secret keys, and restricted keys with `accounts: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path: {
                    /** @description Account id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                account: string;
                                checksum: string | null;
                                completed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                download_url: string | null;
                                failure_reason: string | null;
                                /** @description Once ready: one JSON Lines file per object type ([] before). */
                                files: {
                                    bytes: number;
                                    count: number;
                                    /** @description `<type>.jsonl`: one object a line, in the API shape of the export's version, by id. */
                                    file: string;
                                    /** @description The file's SHA-256, hex. */
                                    sha256: string;
                                    /** @description The object type: accounts, locations, resources, schedules, schedule_overrides, blocks, calendar_feeds, series, bookings, attendees, booking_sessions, events. */
                                    type: string;
                                }[];
                                /** @description exp_… */
                                id: string;
                                livemode: boolean;
                                /** @enum {string} */
                                object: "export";
                                size_bytes: number | null;
                                /** @description `pending` while the export worker writes it, in bounded pieces; then `ready`. */
                                status: "pending" | "ready" | "failed";
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Start an export of everything the account owns
         * @description Start an export of everything the account owns (JSON Lines, one file per object type, with a manifest); it is pending until the export worker has written it, then ready with export.ready.
         *
         *     Keys: secret keys, and restricted keys with `accounts: write`; others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Account id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An export of everything an account owns (since 2027-05-01, docs/privacy.md#export). */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            checksum: string | null;
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            download_url: string | null;
                            failure_reason: string | null;
                            /** @description Once ready: one JSON Lines file per object type ([] before). */
                            files: {
                                bytes: number;
                                count: number;
                                /** @description `<type>.jsonl`: one object a line, in the API shape of the export's version, by id. */
                                file: string;
                                /** @description The file's SHA-256, hex. */
                                sha256: string;
                                /** @description The object type: accounts, locations, resources, schedules, schedule_overrides, blocks, calendar_feeds, series, bookings, attendees, booking_sessions, events. */
                                type: string;
                            }[];
                            /** @description exp_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "export";
                            size_bytes: number | null;
                            /** @description `pending` while the export worker writes it, in bounded pieces; then `ready`. */
                            status: "pending" | "ready" | "failed";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{id}/exports/{export}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an export
         * @description Keys: secret keys, and restricted keys with `accounts: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Export id */
                    export: string;
                    /** @description Account id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An export of everything an account owns (since 2027-05-01, docs/privacy.md#export). */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            checksum: string | null;
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            download_url: string | null;
                            failure_reason: string | null;
                            /** @description Once ready: one JSON Lines file per object type ([] before). */
                            files: {
                                bytes: number;
                                count: number;
                                /** @description `<type>.jsonl`: one object a line, in the API shape of the export's version, by id. */
                                file: string;
                                /** @description The file's SHA-256, hex. */
                                sha256: string;
                                /** @description The object type: accounts, locations, resources, schedules, schedule_overrides, blocks, calendar_feeds, series, bookings, attendees, booking_sessions, events. */
                                type: string;
                            }[];
                            /** @description exp_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "export";
                            size_bytes: number | null;
                            /** @description `pending` while the export worker writes it, in bounded pieces; then `ready`. */
                            status: "pending" | "ready" | "failed";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{id}/exports/{export}/files/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download one file of a ready export
         * @description Download one file of a ready export: manifest.json (application/json) or a type's JSON Lines (application/x-ndjson); 409 while pending.
         *
         *     Keys: secret keys, and restricted keys with `accounts: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Export id */
                    export: string;
                    /** @description manifest.json, or a file the manifest names. */
                    file: string;
                    /** @description Account id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file, as written: check it against the manifest's sha256 (and the manifest against the export's checksum). */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                        "application/x-ndjson": string;
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List restricted keys of this mode
         * @description List restricted keys of this mode, newest first (revoked ones included)
         *
         *     Keys: secret keys only; every restricted key gets 403 permission_denied, whatever its permissions.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                account: string | null;
                                /** Format: date-time */
                                created_at: string;
                                id: string;
                                livemode: boolean;
                                name: string | null;
                                /** @enum {string} */
                                object: "api_key";
                                /** @description Every object family, with the level the key has. */
                                permissions: {
                                    accounts: "none" | "read" | "write";
                                    availability: "none" | "read" | "write";
                                    blocks: "none" | "read" | "write";
                                    bookings: "none" | "read" | "write";
                                    events: "none" | "read" | "write";
                                    locations: "none" | "read" | "write";
                                    resources: "none" | "read" | "write";
                                    schedules: "none" | "read" | "write";
                                    series: "none" | "read" | "write";
                                    usage: "none" | "read" | "write";
                                    webhook_endpoints: "none" | "read" | "write";
                                };
                                /** @description The key with all but its last 4 characters hidden, e.g. `rk_test_…4f2a`. */
                                redacted: string;
                                revoked_at: string | null;
                                status: "active" | "revoked";
                                /** @description Always restricted here: secret keys are managed by the operator. */
                                type: "restricted" | "secret";
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a restricted key
         * @description Create a restricted key (secret keys only); its secret is shown once, in this answer.
         *
         *     The key is made in the mode of the calling key. A replay with the same Idempotency-Key answers the key without its secret, which is never stored. See docs/api-keys.md.
         *
         *     Keys: secret keys only; every restricted key gets 403 permission_denied, whatever its permissions.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        account?: string | null;
                        name?: string | null;
                        /** @description Object family → none, read or write; a family left out is none. */
                        permissions: {
                            accounts?: "none" | "read" | "write";
                            availability?: "none" | "read" | "write";
                            blocks?: "none" | "read" | "write";
                            bookings?: "none" | "read" | "write";
                            events?: "none" | "read" | "write";
                            locations?: "none" | "read" | "write";
                            resources?: "none" | "read" | "write";
                            schedules?: "none" | "read" | "write";
                            series?: "none" | "read" | "write";
                            usage?: "none" | "read" | "write";
                            webhook_endpoints?: "none" | "read" | "write";
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            livemode: boolean;
                            name: string | null;
                            /** @enum {string} */
                            object: "api_key";
                            /** @description Every object family, with the level the key has. */
                            permissions: {
                                accounts: "none" | "read" | "write";
                                availability: "none" | "read" | "write";
                                blocks: "none" | "read" | "write";
                                bookings: "none" | "read" | "write";
                                events: "none" | "read" | "write";
                                locations: "none" | "read" | "write";
                                resources: "none" | "read" | "write";
                                schedules: "none" | "read" | "write";
                                series: "none" | "read" | "write";
                                usage: "none" | "read" | "write";
                                webhook_endpoints: "none" | "read" | "write";
                            };
                            /** @description The key with all but its last 4 characters hidden, e.g. `rk_test_…4f2a`. */
                            redacted: string;
                            revoked_at: string | null;
                            /** @description The key itself. Shown on this answer only; store it now. */
                            secret: string;
                            status: "active" | "revoked";
                            /** @description Always restricted here: secret keys are managed by the operator. */
                            type: "restricted" | "secret";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a restricted key
         * @description Retrieve a restricted key (never its secret)
         *
         *     Keys: secret keys only; every restricted key gets 403 permission_denied, whatever its permissions.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            livemode: boolean;
                            name: string | null;
                            /** @enum {string} */
                            object: "api_key";
                            /** @description Every object family, with the level the key has. */
                            permissions: {
                                accounts: "none" | "read" | "write";
                                availability: "none" | "read" | "write";
                                blocks: "none" | "read" | "write";
                                bookings: "none" | "read" | "write";
                                events: "none" | "read" | "write";
                                locations: "none" | "read" | "write";
                                resources: "none" | "read" | "write";
                                schedules: "none" | "read" | "write";
                                series: "none" | "read" | "write";
                                usage: "none" | "read" | "write";
                                webhook_endpoints: "none" | "read" | "write";
                            };
                            /** @description The key with all but its last 4 characters hidden, e.g. `rk_test_…4f2a`. */
                            redacted: string;
                            revoked_at: string | null;
                            status: "active" | "revoked";
                            /** @description Always restricted here: secret keys are managed by the operator. */
                            type: "restricted" | "secret";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a restricted key
         * @description Revoke a restricted key: it answers 401 api_key_invalid from then on.
         *
         *     Keys: secret keys only; every restricted key gets 403 permission_denied, whatever its permissions.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            livemode: boolean;
                            name: string | null;
                            /** @enum {string} */
                            object: "api_key";
                            /** @description Every object family, with the level the key has. */
                            permissions: {
                                accounts: "none" | "read" | "write";
                                availability: "none" | "read" | "write";
                                blocks: "none" | "read" | "write";
                                bookings: "none" | "read" | "write";
                                events: "none" | "read" | "write";
                                locations: "none" | "read" | "write";
                                resources: "none" | "read" | "write";
                                schedules: "none" | "read" | "write";
                                series: "none" | "read" | "write";
                                usage: "none" | "read" | "write";
                                webhook_endpoints: "none" | "read" | "write";
                            };
                            /** @description The key with all but its last 4 characters hidden, e.g. `rk_test_…4f2a`. */
                            redacted: string;
                            revoked_at: string | null;
                            status: "active" | "revoked";
                            /** @description Always restricted here: secret keys are managed by the operator. */
                            type: "restricted" | "secret";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attendees/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an attendee
         * @description Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update an attendee
         * @description Update an attendee: seats, expires_at (pending only), metadata; status "confirmed" confirms a pending one.
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The customer (since 2027-02-01). On create: the customer, or null for none. On update: replaces the whole customer; null removes it. */
                        customer?: {
                            /** @description An email address (local@domain). */
                            email?: string;
                            /** @description A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it. */
                            locale?: string;
                            /** @description How to address the customer. */
                            name?: string;
                            /** @description A phone number in E.164 form (+ and up to 15 digits). */
                            phone?: string;
                            /** @description The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it. */
                            reference: string;
                            /** @description An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it. */
                            time_zone?: string;
                        } | null;
                        expires_at?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Seats this attendee takes (default 1). */
                        seats?: number;
                        /** @description Default: confirmed. Not used when the attendee is waitlisted: promotion sets its status (docs/waitlists.md). */
                        status?: "pending" | "confirmed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attendees/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an attendee
         * @description Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Stored as cancellation_reason. */
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attendees/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed attendee completed
         * @description Mark a confirmed attendee completed (once the booking has started)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attendees/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a pending attendee
         * @description Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attendees/{id}/no_show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed attendee as a no-show
         * @description Mark a confirmed attendee as a no-show (once the booking has started)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search bookable slots
         * @description Search bookable slots: every slot listed can be booked with its segments under conflict_policy reject.
         *
         *     Keys: secret keys, and restricted keys with `availability: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         *
         *     With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account): searches the session's segment template inside its search window (from and to are clipped to it); the body names only the part of the window and the page size.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Cost: (candidates of all segments) × grid starts per day × days, at most 300,000 work units; over that, 400 parameter_invalid before any work, saying what to narrow (docs/limits.md). */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description With prefer_previous_resource (since 2027-04-01): the customer, by the platform's own reference (a booking's `customer.reference`); a search has no customer object, and the customer need not have booked yet. */
                        customer_reference?: string;
                        /**
                         * Format: date-time
                         * @description Earliest slot start
                         */
                        from: string;
                        /** @description At most this many slots (default 100); has_more and next_from say where to go on. */
                        limit?: number;
                        /** @description Returning customers (since 2027-04-01): each segment tries first the resource of the customer's latest completed or confirmed booking (the first of its segments' resources that is a candidate), before candidate_order (weights, priorities, balance); when it does not fit, candidate_order decides. The customer: `customer_reference`, required with it. Default false (docs/bookings.md#returning-customers). */
                        prefer_previous_resource?: boolean;
                        /** @description 1 to 20 segments, booked together. */
                        segments: {
                            /** @description Overrides the resource's buffer after. */
                            buffer_after_minutes?: number;
                            /** @description Overrides the resource's buffer before. */
                            buffer_before_minutes?: number;
                            /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                            candidate_order?: "listed" | "balanced" | "weighted";
                            /** @description Length of the segment, 1 to 10080 minutes. */
                            duration_minutes: number;
                            /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                            fairness_period?: "day" | "week" | "month";
                            /** @description Location id: the resource must be working there for the whole held time. */
                            location?: string;
                            offset_minutes?: number | null;
                            /** @description Units of a pool to hold (default 1). */
                            quantity?: number;
                            /** @description Book this resource. Exactly one of resource, resources, type. */
                            resource?: string;
                            /** @description Candidate resources, 1 to 50; the first that fits, in this order, is offered. */
                            resources?: string[];
                            /** @description Candidates: the active resources of this type, in creation order; at most 50, like resources (more: 400). */
                            type?: string;
                        }[];
                        /** @description Slot starts sit on this grid from local midnight in timezone (default 15). */
                        slot_interval_minutes?: number;
                        /** @description IANA time zone of slot alignment and day boundaries; default: the account's. */
                        timezone?: string;
                        /**
                         * Format: date-time
                         * @description Latest slot end; at most 62 days after from
                         */
                        to: string;
                    } | {
                        /** Format: date-time */
                        from?: string;
                        limit?: number;
                        /** Format: date-time */
                        to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            has_more: boolean;
                            next_from: string | null;
                            /** @enum {string} */
                            object: "availability";
                            slots: {
                                /** Format: date-time */
                                end: string;
                                segments: {
                                    /** Format: date-time */
                                    end: string;
                                    location: string | null;
                                    quantity: number;
                                    /** @description Units free over the whole held time before this slot is booked (≥ quantity). */
                                    remaining_capacity: number;
                                    resource: string;
                                    /** Format: date-time */
                                    start: string;
                                }[];
                                /** Format: date-time */
                                start: string;
                            }[];
                            timezone: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/availability/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One resource's open intervals per local date
         * @description One resource's open intervals per local date (schedule after overrides, less blocks) with the free capacity over time.
         *
         *     Keys: secret keys, and restricted keys with `availability: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query: {
                    /** @description Start of the range */
                    from: string;
                    /** @description Only working time at this location */
                    location?: string;
                    /** @description Resource id */
                    resource: string;
                    /** @description IANA time zone of slot alignment and day boundaries; default: the account's. */
                    timezone?: string;
                    /** @description End of the range; at most 62 days after from */
                    to: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            days: {
                                /** Format: date */
                                date: string;
                                intervals: {
                                    /** @description Units free over the whole piece; 0 while the resource is archived. */
                                    available_capacity: number;
                                    /** Format: date-time */
                                    end: string;
                                    location: string | null;
                                    /** Format: date-time */
                                    start: string;
                                }[];
                            }[];
                            /** @enum {string} */
                            object: "availability_calendar";
                            resource: string;
                            timezone: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/availability/explain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Explain one slot start
         * @description Explain one slot start: per segment and candidate, whether it fits, and every reason it does not with the objects behind it.
         *
         *     Keys: secret keys, and restricted keys with `availability: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description A search request plus the start to explain. Cost: (candidates of all segments) × grid starts per day × days, at most 300,000 work units; over that, 400 parameter_invalid before any work, saying what to narrow (docs/limits.md). The same budget as the search it explains. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "from": "2027-03-01T00:00:00Z",
                     *       "to": "2027-03-02T00:00:00Z",
                     *       "segments": [
                     *         {
                     *           "resources": [
                     *             "res_01m809wbg04f9bssvzxa1m8tjc",
                     *             "res_01m809wbg04f9bssvzxa1m8tjd"
                     *           ],
                     *           "duration_minutes": 60,
                     *           "candidate_order": "balanced"
                     *         }
                     *       ],
                     *       "start": "2027-03-01T09:00:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description With prefer_previous_resource (since 2027-04-01): the customer, by the platform's own reference (a booking's `customer.reference`); a search has no customer object, and the customer need not have booked yet. */
                        customer_reference?: string;
                        /**
                         * Format: date-time
                         * @description Earliest slot start
                         */
                        from: string;
                        /** @description At most this many slots (default 100); has_more and next_from say where to go on. */
                        limit?: number;
                        /** @description Returning customers (since 2027-04-01): each segment tries first the resource of the customer's latest completed or confirmed booking (the first of its segments' resources that is a candidate), before candidate_order (weights, priorities, balance); when it does not fit, candidate_order decides. The customer: `customer_reference`, required with it. Default false (docs/bookings.md#returning-customers). */
                        prefer_previous_resource?: boolean;
                        /** @description 1 to 20 segments, booked together. */
                        segments: {
                            /** @description Overrides the resource's buffer after. */
                            buffer_after_minutes?: number;
                            /** @description Overrides the resource's buffer before. */
                            buffer_before_minutes?: number;
                            /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                            candidate_order?: "listed" | "balanced" | "weighted";
                            /** @description Length of the segment, 1 to 10080 minutes. */
                            duration_minutes: number;
                            /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                            fairness_period?: "day" | "week" | "month";
                            /** @description Location id: the resource must be working there for the whole held time. */
                            location?: string;
                            offset_minutes?: number | null;
                            /** @description Units of a pool to hold (default 1). */
                            quantity?: number;
                            /** @description Book this resource. Exactly one of resource, resources, type. */
                            resource?: string;
                            /** @description Candidate resources, 1 to 50; the first that fits, in this order, is offered. */
                            resources?: string[];
                            /** @description Candidates: the active resources of this type, in creation order; at most 50, like resources (more: 400). */
                            type?: string;
                        }[];
                        /** @description Slot starts sit on this grid from local midnight in timezone (default 15). */
                        slot_interval_minutes?: number;
                        /**
                         * Format: date-time
                         * @description The slot start to explain; within from (inclusive) and to (exclusive).
                         */
                        start: string;
                        /** @description IANA time zone of slot alignment and day boundaries; default: the account's. */
                        timezone?: string;
                        /**
                         * Format: date-time
                         * @description Latest slot end; at most 62 days after from
                         */
                        to: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            end: string;
                            /** @description A booking of these segments at this start would be accepted under reject; search offers it when on_grid too. */
                            fits: boolean;
                            /** @enum {string} */
                            object: "availability_explanation";
                            /** @description The start is on the search grid (slot_interval_minutes from local midnight) and the slot ends by to. */
                            on_grid: boolean;
                            segments: {
                                /** @description In the order they are tried (balanced order when asked). */
                                candidates: {
                                    fits: boolean;
                                    /** @description Every reason it does not fit; empty when it fits. */
                                    reasons: ({
                                        message: string;
                                        /** @description outside_schedule, holiday, blocked, capacity_exceeded, resource_archived, start_passed, too_soon, too_far_ahead or limit_reached; older API versions see too_soon, too_far_ahead and limit_reached as start_passed, outside_schedule and capacity_exceeded, and (before 2027-02-15) holiday as outside_schedule. */
                                        reason: string;
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                    resource: string;
                                }[];
                                /** Format: date-time */
                                end: string;
                                /** @description Some candidate fits. */
                                fits: boolean;
                                previous_resource: {
                                    booking: string | null;
                                    message: string;
                                    /** @description `preferred`: the previous resource fits and is chosen before candidate_order; `unavailable`: it is a candidate but does not fit (its reasons are listed with it, first among the candidates), so candidate_order decides among the others; `not_a_candidate`: no resource of the latest booking is a candidate of this segment; `no_history`: the customer has no completed or confirmed booking. */
                                    outcome: "preferred" | "unavailable" | "not_a_candidate" | "no_history";
                                    resource: string | null;
                                } | null;
                                quantity: number;
                                resource: string | null;
                                segment: number;
                                /** Format: date-time */
                                start: string;
                            }[];
                            /** Format: date-time */
                            start: string;
                            timezone: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List blocks
         * @description List blocks, newest first; from/to select blocks overlapping that range.
         *
         *     Keys: secret keys, and restricted keys with `blocks: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only account-wide blocks (true) or only the others (false) */
                    account_wide?: boolean;
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Only blocks ending after this instant */
                    from?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Only blocks of this location */
                    location?: string;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Only blocks of this resource */
                    resource?: string;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    /** @description Only blocks starting before this instant */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                account_wide: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                end: string;
                                id: string;
                                livemode: boolean;
                                location: string | null;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "block";
                                reason: string | null;
                                resource: string | null;
                                /** Format: date-time */
                                start: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Block time
         * @description Block time: exactly one scope — a resource, a location (every resource while it works there) or the whole account; re-checks the future bookings it touches.
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description true for the whole account (account scope). Default false. */
                        account_wide?: boolean;
                        /**
                         * Format: date-time
                         * @description End of the blocked time, after start
                         */
                        end: string;
                        location?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        reason?: string | null;
                        resource?: string | null;
                        /**
                         * Format: date-time
                         * @description Start of the blocked time
                         */
                        start: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account_wide: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            end: string;
                            id: string;
                            livemode: boolean;
                            location: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "block";
                            reason: string | null;
                            resource: string | null;
                            /** Format: date-time */
                            start: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/blocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a block
         * @description Keys: secret keys, and restricted keys with `blocks: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account_wide: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            end: string;
                            id: string;
                            livemode: boolean;
                            location: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "block";
                            reason: string | null;
                            resource: string | null;
                            /** Format: date-time */
                            start: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a block
         * @description Update a block (start, end, reason, metadata); time changes re-check the future bookings it touches.
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description End of the blocked time, after start
                         */
                        end?: string;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        reason?: string | null;
                        /**
                         * Format: date-time
                         * @description Start of the blocked time
                         */
                        start?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account_wide: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            end: string;
                            id: string;
                            livemode: boolean;
                            location: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "block";
                            reason: string | null;
                            resource: string | null;
                            /** Format: date-time */
                            start: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a block
         * @description Delete a block; re-checks the future bookings it touched.
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/booking_sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List booking sessions
         * @description List booking sessions, newest first.
         *
         *     Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                allowed_origins: string[];
                                booking: string | null;
                                /** @description Only in the response that creates it: only its hash is stored. */
                                client_secret?: string;
                                completed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                customer: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description Of name, email, phone, locale, time_zone. */
                                customer_fields: string[];
                                expired_at: string | null;
                                /** Format: date-time */
                                expires_at: string;
                                hold_minutes: number;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "booking_session";
                                return_url: string | null;
                                search: {
                                    /** Format: date-time */
                                    from: string;
                                    slot_interval_minutes: number | null;
                                    timezone: string | null;
                                    /** Format: date-time */
                                    to: string;
                                };
                                /** @description The segment template, as given. */
                                segments: {
                                    [key: string]: unknown;
                                }[];
                                /** @description open until expires_at (or an early expire); completed once its booking is confirmed or requested. */
                                status: "open" | "completed" | "expired";
                                /** @description Only in the response that creates it: the hosted booking page of this session. */
                                url?: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a booking session
         * @description Create a booking session: a short-lived client secret for an embedded booker or the hosted booking page.
         *
         *     The client secret (`bks_…`) goes in `Authorization: Bearer` on the same routes keys use, and allows exactly: `GET /v1/booking_sessions/{id}` (its own session, without metadata, with `business`), `POST /v1/availability` (body `{from?, to?, limit?}`: the template, inside the window), `POST /v1/bookings` (body `{start, customer?}`: holds that slot as a pending booking made for the customer, releasing the hold it had), `POST /v1/bookings/{id}` (body `{customer}`: only `customer_fields`), `POST /v1/bookings/{id}/confirm` (confirms, or leaves a `requested` booking to approval; completes the session) and `GET /v1/bookings/{id}` (its booking). Every other route answers 403 `permission_denied`; an ended session answers 401 `booking_session_expired`. Browsers may call it only from `allowed_origins` (CORS) or the hosted page. Those operations list the `clientSecret` security scheme and describe the bodies a client secret sends. docs/elements.md.
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "segments": [
                     *         {
                     *           "resources": [
                     *             "res_01m809wbg04f9bssvzxa1m8tjc"
                     *           ],
                     *           "duration_minutes": 60
                     *         }
                     *       ],
                     *       "slot_interval_minutes": 30,
                     *       "customer": {
                     *         "reference": "cus_42",
                     *         "email": "ada@example.com"
                     *       },
                     *       "allowed_origins": [
                     *         "https://shop.example"
                     *       ],
                     *       "return_url": "https://shop.example/booked"
                     *     }
                     */
                    "application/json": {
                        /** @description Origins whose pages may use the client secret (CORS), e.g. https://shop.example. */
                        allowed_origins?: string[];
                        customer?: {
                            /** @description An email address (local@domain). */
                            email?: string;
                            /** @description A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it. */
                            locale?: string;
                            /** @description How to address the customer. */
                            name?: string;
                            /** @description A phone number in E.164 form (+ and up to 15 digits). */
                            phone?: string;
                            /** @description The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it. */
                            reference: string;
                            /** @description An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it. */
                            time_zone?: string;
                        };
                        /** @description The customer fields the person may fill in (default name and email; name and email, when allowed, are needed to confirm). */
                        customer_fields?: ("name" | "email" | "phone" | "locale" | "time_zone")[];
                        /**
                         * Format: date-time
                         * @description When the session ends: default 30 minutes from now, at most 24 hours.
                         */
                        expires_at?: string;
                        /**
                         * Format: date-time
                         * @description Earliest slot start offered (default: now).
                         */
                        from?: string;
                        /** @description How long a chosen slot is held while the person fills in their details (default 10; never past the session's end). */
                        hold_minutes?: number;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Where the hosted page sends the person once booked. */
                        return_url?: string;
                        /** @description The segment template, as a search takes it: durations, candidates or type, quantity, buffers. */
                        segments: {
                            /** @description Overrides the resource's buffer after. */
                            buffer_after_minutes?: number;
                            /** @description Overrides the resource's buffer before. */
                            buffer_before_minutes?: number;
                            /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                            candidate_order?: "listed" | "balanced" | "weighted";
                            /** @description Length of the segment, 1 to 10080 minutes. */
                            duration_minutes: number;
                            /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                            fairness_period?: "day" | "week" | "month";
                            /** @description Location id: the resource must be working there for the whole held time. */
                            location?: string;
                            offset_minutes?: number | null;
                            /** @description Units of a pool to hold (default 1). */
                            quantity?: number;
                            /** @description Book this resource. Exactly one of resource, resources, type. */
                            resource?: string;
                            /** @description Candidate resources, 1 to 50; the first that fits, in this order, is offered. */
                            resources?: string[];
                            /** @description Candidates: the active resources of this type, in creation order; at most 50, like resources (more: 400). */
                            type?: string;
                        }[];
                        /** @description The grid (default 15). */
                        slot_interval_minutes?: number;
                        /** @description The grid's time zone (default: the account's). */
                        timezone?: string;
                        /**
                         * Format: date-time
                         * @description Latest slot end offered (default: 14 days after from; at most 366 days after it).
                         */
                        to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "bs_01m85jq3k1z0ybn2kq4v7w1d9e",
                         *       "object": "booking_session",
                         *       "livemode": false,
                         *       "status": "open",
                         *       "segments": [
                         *         {
                         *           "resources": [
                         *             "res_01m809wbg04f9bssvzxa1m8tjc"
                         *           ],
                         *           "duration_minutes": 60
                         *         }
                         *       ],
                         *       "search": {
                         *         "from": "2027-04-20T00:00:00Z",
                         *         "to": "2027-05-04T00:00:00Z",
                         *         "timezone": null,
                         *         "slot_interval_minutes": 30
                         *       },
                         *       "hold_minutes": 10,
                         *       "customer": {
                         *         "reference": "cus_42",
                         *         "email": "ada@example.com"
                         *       },
                         *       "customer_fields": [
                         *         "name",
                         *         "email"
                         *       ],
                         *       "allowed_origins": [
                         *         "https://shop.example"
                         *       ],
                         *       "return_url": "https://shop.example/booked",
                         *       "booking": null,
                         *       "metadata": {},
                         *       "client_secret": "bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE",
                         *       "url": "https://scheduling.example.com/book/bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE",
                         *       "expires_at": "2027-04-20T10:30:00Z",
                         *       "completed_at": null,
                         *       "expired_at": null,
                         *       "created_at": "2027-04-20T10:00:00Z"
                         *     }
                         */
                        "application/json": {
                            allowed_origins: string[];
                            booking: string | null;
                            /** @description Only in the response that creates it: only its hash is stored. */
                            client_secret?: string;
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            customer: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Of name, email, phone, locale, time_zone. */
                            customer_fields: string[];
                            expired_at: string | null;
                            /** Format: date-time */
                            expires_at: string;
                            hold_minutes: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking_session";
                            return_url: string | null;
                            search: {
                                /** Format: date-time */
                                from: string;
                                slot_interval_minutes: number | null;
                                timezone: string | null;
                                /** Format: date-time */
                                to: string;
                            };
                            /** @description The segment template, as given. */
                            segments: {
                                [key: string]: unknown;
                            }[];
                            /** @description open until expires_at (or an early expire); completed once its booking is confirmed or requested. */
                            status: "open" | "completed" | "expired";
                            /** @description Only in the response that creates it: the hosted booking page of this session. */
                            url?: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/booking_sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a booking session
         * @description Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         *
         *     With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account): reads its own session only (any other id: 404), without its metadata and with the business's name and accent colour.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "bs_01m85jq3k1z0ybn2kq4v7w1d9e",
                         *       "object": "booking_session",
                         *       "livemode": false,
                         *       "status": "open",
                         *       "segments": [
                         *         {
                         *           "resources": [
                         *             "res_01m809wbg04f9bssvzxa1m8tjc"
                         *           ],
                         *           "duration_minutes": 60
                         *         }
                         *       ],
                         *       "search": {
                         *         "from": "2027-04-20T00:00:00Z",
                         *         "to": "2027-05-04T00:00:00Z",
                         *         "timezone": null,
                         *         "slot_interval_minutes": 30
                         *       },
                         *       "hold_minutes": 10,
                         *       "customer": {
                         *         "reference": "cus_42",
                         *         "email": "ada@example.com"
                         *       },
                         *       "customer_fields": [
                         *         "name",
                         *         "email"
                         *       ],
                         *       "allowed_origins": [
                         *         "https://shop.example"
                         *       ],
                         *       "return_url": "https://shop.example/booked",
                         *       "booking": null,
                         *       "metadata": {},
                         *       "client_secret": "bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE",
                         *       "url": "https://scheduling.example.com/book/bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE",
                         *       "expires_at": "2027-04-20T10:30:00Z",
                         *       "completed_at": null,
                         *       "expired_at": null,
                         *       "created_at": "2027-04-20T10:00:00Z"
                         *     }
                         */
                        "application/json": {
                            allowed_origins: string[];
                            booking: string | null;
                            /** @description Only in the response that creates it: only its hash is stored. */
                            client_secret?: string;
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            customer: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Of name, email, phone, locale, time_zone. */
                            customer_fields: string[];
                            expired_at: string | null;
                            /** Format: date-time */
                            expires_at: string;
                            hold_minutes: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking_session";
                            return_url: string | null;
                            search: {
                                /** Format: date-time */
                                from: string;
                                slot_interval_minutes: number | null;
                                timezone: string | null;
                                /** Format: date-time */
                                to: string;
                            };
                            /** @description The segment template, as given. */
                            segments: {
                                [key: string]: unknown;
                            }[];
                            /** @description open until expires_at (or an early expire); completed once its booking is confirmed or requested. */
                            status: "open" | "completed" | "expired";
                            /** @description Only in the response that creates it: the hosted booking page of this session. */
                            url?: string;
                        } | {
                            allowed_origins: string[];
                            booking: string | null;
                            business: {
                                /** @description The business's accent colour, for the booker's theme. */
                                accent_color: string | null;
                                /** @description The business's display name. */
                                name: string;
                            };
                            /** @description Only in the response that creates it: only its hash is stored. */
                            client_secret?: string;
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            customer: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Of name, email, phone, locale, time_zone. */
                            customer_fields: string[];
                            expired_at: string | null;
                            /** Format: date-time */
                            expires_at: string;
                            hold_minutes: number;
                            id: string;
                            livemode: boolean;
                            /** @description Always empty: the platform's metadata stays with the platform. */
                            metadata: Record<string, never>;
                            /** @enum {string} */
                            object: "booking_session";
                            return_url: string | null;
                            search: {
                                /** Format: date-time */
                                from: string;
                                slot_interval_minutes: number | null;
                                timezone: string | null;
                                /** Format: date-time */
                                to: string;
                            };
                            /** @description The segment template, as given. */
                            segments: {
                                [key: string]: unknown;
                            }[];
                            /** @description open until expires_at (or an early expire); completed once its booking is confirmed or requested. */
                            status: "open" | "completed" | "expired";
                            /** @description Only in the response that creates it: the hosted booking page of this session. */
                            url?: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/booking_sessions/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Expire an open booking session now
         * @description Expire an open booking session now: its client secret stops working and its hold is released (booking_session.expired)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "bs_01m85jq3k1z0ybn2kq4v7w1d9e",
                         *       "object": "booking_session",
                         *       "livemode": false,
                         *       "status": "open",
                         *       "segments": [
                         *         {
                         *           "resources": [
                         *             "res_01m809wbg04f9bssvzxa1m8tjc"
                         *           ],
                         *           "duration_minutes": 60
                         *         }
                         *       ],
                         *       "search": {
                         *         "from": "2027-04-20T00:00:00Z",
                         *         "to": "2027-05-04T00:00:00Z",
                         *         "timezone": null,
                         *         "slot_interval_minutes": 30
                         *       },
                         *       "hold_minutes": 10,
                         *       "customer": {
                         *         "reference": "cus_42",
                         *         "email": "ada@example.com"
                         *       },
                         *       "customer_fields": [
                         *         "name",
                         *         "email"
                         *       ],
                         *       "allowed_origins": [
                         *         "https://shop.example"
                         *       ],
                         *       "return_url": "https://shop.example/booked",
                         *       "booking": null,
                         *       "metadata": {},
                         *       "client_secret": "bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE",
                         *       "url": "https://scheduling.example.com/book/bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE",
                         *       "expires_at": "2027-04-20T10:30:00Z",
                         *       "completed_at": null,
                         *       "expired_at": null,
                         *       "created_at": "2027-04-20T10:00:00Z"
                         *     }
                         */
                        "application/json": {
                            allowed_origins: string[];
                            booking: string | null;
                            /** @description Only in the response that creates it: only its hash is stored. */
                            client_secret?: string;
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            customer: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Of name, email, phone, locale, time_zone. */
                            customer_fields: string[];
                            expired_at: string | null;
                            /** Format: date-time */
                            expires_at: string;
                            hold_minutes: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking_session";
                            return_url: string | null;
                            search: {
                                /** Format: date-time */
                                from: string;
                                slot_interval_minutes: number | null;
                                timezone: string | null;
                                /** Format: date-time */
                                to: string;
                            };
                            /** @description The segment template, as given. */
                            segments: {
                                [key: string]: unknown;
                            }[];
                            /** @description open until expires_at (or an early expire); completed once its booking is confirmed or requested. */
                            status: "open" | "completed" | "expired";
                            /** @description Only in the response that creates it: the hosted booking page of this session. */
                            url?: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description List bookings (newest first by default)
         *
         *     Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    conflicted?: boolean;
                    /** @description Only those of this customer (the platform's reference). */
                    "customer.reference"?: string;
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Bookings overlapping [from, to) */
                    from?: string;
                    /** @description Bookings overlapping these local dates (inclusive) in `timezone` */
                    from_date?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Bookings with a segment at this location */
                    location?: string;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description `created` (newest first, default), `start` (earliest first) or `-start`. */
                    order?: "created" | "start" | "-start";
                    /** @description Bookings with a segment on this resource */
                    resource?: string;
                    /** @description Occurrences of this series */
                    series?: string;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    status?: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                    /** @description For from_date/to_date; default: the account's. */
                    timezone?: string;
                    to?: string;
                    to_date?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                                amount_paid: number;
                                cancellation_reason: string | null;
                                cancelled_at: string | null;
                                /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                                charges: {
                                    /** @description In the currency's minor units. */
                                    amount: number;
                                    closed_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217. */
                                    currency: string;
                                    id: string;
                                    status: "due" | "settled" | "waived";
                                    type: "late_cancel" | "no_show";
                                }[];
                                confirmed_at: string | null;
                                /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                                conflict_policy: "reject" | "capacity_only" | "allow";
                                conflicted: boolean;
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[] | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The customer (since 2027-02-01), or null. */
                                customer: {
                                    email: string | null;
                                    locale: string | null;
                                    name: string | null;
                                    phone: string | null;
                                    reference: string;
                                    time_zone: string | null;
                                } | null;
                                deposit: {
                                    amount: number;
                                    currency: string;
                                    hold_minutes: number;
                                } | null;
                                /** Format: date-time */
                                end: string;
                                expires_at: string | null;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "booking";
                                occurrence_key: string | null;
                                payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                                /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                                payments: {
                                    /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217, upper case; the deposit's currency. */
                                    currency: string;
                                    /** @description pay_… */
                                    id: string;
                                    /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                    provider: string;
                                    /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                    reference: string;
                                }[];
                                /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                                policy_overrides: {
                                    action: "cancel" | "reschedule";
                                    /** Format: date-time */
                                    at: string;
                                    rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                                }[];
                                /** @description What the platform owes the customer back (since 2027-03-15). */
                                refunds: {
                                    /** @description In the currency's minor units: what was paid of the deposit. */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    /** @description rfd_… */
                                    id: string;
                                    /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                    reason: "cancelled" | "declined" | "expired";
                                    /**
                                     * @description The platform refunds it through its own provider.
                                     * @enum {string}
                                     */
                                    status: "due";
                                }[];
                                replaced_by: string | null;
                                replaces: string | null;
                                seats: number | null;
                                seats_taken: number | null;
                                segments: {
                                    buffer_after_minutes: number;
                                    buffer_before_minutes: number;
                                    /** Format: date-time */
                                    end: string;
                                    location: string | null;
                                    quantity: number;
                                    resource: string;
                                    /** Format: date-time */
                                    start: string;
                                }[];
                                series: string | null;
                                /** Format: date-time */
                                start: string;
                                status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                                waitlist_hold_minutes: number;
                                /** @description Attendees that may wait for a seat (0: no waitlist). */
                                waitlist_limit: number;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a booking
         * @description Create a booking (409 booking_conflict with `conflicts` when its conflict_policy refuses it)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         *
         *     With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account): holds the slot at `start` (one the session's search offers) as a pending booking made for the customer, for the session's hold_minutes, releasing the hold it had; only the customer fields the session allows. A time no longer offered: 409 booking_conflict.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                        conflict_policy?: "reject" | "capacity_only" | "allow";
                        /** @description The customer (since 2027-02-01). On create: the customer, or null for none. On update: replaces the whole customer; null removes it. */
                        customer?: {
                            /** @description An email address (local@domain). */
                            email?: string;
                            /** @description A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it. */
                            locale?: string;
                            /** @description How to address the customer. */
                            name?: string;
                            /** @description A phone number in E.164 form (+ and up to 15 digits). */
                            phone?: string;
                            /** @description The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it. */
                            reference: string;
                            /** @description An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it. */
                            time_zone?: string;
                        } | null;
                        expires_at?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Returning customers (since 2027-04-01): each segment tries first the resource of the customer's latest completed or confirmed booking (the first of its segments' resources that is a candidate), before candidate_order (weights, priorities, balance); when it does not fit, candidate_order decides. The customer: `customer.reference`, required with it (with `replaces`, the old booking's customer when none is given). Default false (docs/bookings.md#returning-customers). */
                        prefer_previous_resource?: boolean;
                        /** @description Reschedule this booking: it is cancelled with replaced_by, its attendees move here. */
                        replaces?: string;
                        /** @description Made for the customer (since 2027-02-01): under a booking policy with `approval: required` it starts `requested` and waits for approval (docs/policies.md#approval). MCP tools always pass it. */
                        requested?: boolean;
                        seats?: number | null;
                        segments: {
                            /** @description Minutes also held after the segment; default: the resource's. */
                            buffer_after_minutes?: number;
                            /** @description Minutes also held before the segment; default: the resource's. */
                            buffer_before_minutes?: number;
                            /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                            candidate_order?: "listed" | "balanced" | "weighted";
                            /**
                             * Format: date-time
                             * @description Segment end; after start.
                             */
                            end: string;
                            /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                            fairness_period?: "day" | "week" | "month";
                            location?: string | null;
                            /** @description Units of a pool (default 1). */
                            quantity?: number;
                            /** @description Book this resource. Exactly one of resource or resources. */
                            resource?: string;
                            /** @description Candidates, in order of preference: the first that fits is booked. */
                            resources?: string[];
                            /**
                             * Format: date-time
                             * @description Segment start (any RFC 3339 offset).
                             */
                            start: string;
                        }[];
                        /** @description Default: confirmed. */
                        status?: "pending" | "confirmed";
                        /** @description A promoted attendee becomes pending with a hold of this many minutes (0, the default: confirmed at once). */
                        waitlist_hold_minutes?: number;
                        /** @description How many attendees may wait for a seat once the seats are full (0, the default: no waitlist). Needs `seats`. */
                        waitlist_limit?: number;
                    } | {
                        customer?: {
                            email?: string;
                            locale?: string;
                            name?: string;
                            phone?: string;
                            time_zone?: string;
                        };
                        /** Format: date-time */
                        start: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a booking
         * @description Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         *
         *     With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account): reads the booking its session holds or completed with (any other: 404), also after the session is completed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a booking
         * @description Update a booking: expires_at (pending only), seats (not below seats_taken: 409 seats_exhausted; more seats promote waitlisted attendees), the waitlist settings, metadata.
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         *
         *     With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account): fills in the customer of the booking it holds, only in the session's customer_fields (any other field: 400).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The customer (since 2027-02-01). On create: the customer, or null for none. On update: replaces the whole customer; null removes it. */
                        customer?: {
                            /** @description An email address (local@domain). */
                            email?: string;
                            /** @description A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it. */
                            locale?: string;
                            /** @description How to address the customer. */
                            name?: string;
                            /** @description A phone number in E.164 form (+ and up to 15 digits). */
                            phone?: string;
                            /** @description The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it. */
                            reference: string;
                            /** @description An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it. */
                            time_zone?: string;
                        } | null;
                        expires_at?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        seats?: number | null;
                        /** @description A promoted attendee becomes pending with a hold of this many minutes (0, the default: confirmed at once). */
                        waitlist_hold_minutes?: number;
                        /** @description How many attendees may wait for a seat once the seats are full (0, the default: no waitlist). Needs `seats`. */
                        waitlist_limit?: number;
                    } | {
                        customer: {
                            email?: string;
                            locale?: string;
                            name?: string;
                            phone?: string;
                            time_zone?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a requested booking
         * @description Approve a requested booking: it is confirmed (booking.approved)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/attendees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a booking's attendees
         * @description List a booking's attendees, newest first.
         *
         *     Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only those of this customer (the platform's reference). */
                    "customer.reference"?: string;
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    status?: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                };
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking: string;
                                cancellation_reason: string | null;
                                cancelled_at: string | null;
                                confirmed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The customer (since 2027-02-01), or null. */
                                customer: {
                                    email: string | null;
                                    locale: string | null;
                                    name: string | null;
                                    phone: string | null;
                                    reference: string;
                                    time_zone: string | null;
                                } | null;
                                expires_at: string | null;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "attendee";
                                seats: number;
                                status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                                /** Format: date-time */
                                updated_at: string;
                                waitlist_position: number | null;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add an attendee to a booking with seats
         * @description Add an attendee to a booking with seats: seated, or waitlisted when the seats are full and the waitlist has room (409 seats_exhausted otherwise, or when the booking has no seats)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The customer (since 2027-02-01). On create: the customer, or null for none. On update: replaces the whole customer; null removes it. */
                        customer?: {
                            /** @description An email address (local@domain). */
                            email?: string;
                            /** @description A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it. */
                            locale?: string;
                            /** @description How to address the customer. */
                            name?: string;
                            /** @description A phone number in E.164 form (+ and up to 15 digits). */
                            phone?: string;
                            /** @description The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it. */
                            reference: string;
                            /** @description An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it. */
                            time_zone?: string;
                        } | null;
                        expires_at?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Seats this attendee takes (default 1). */
                        seats?: number;
                        /** @description Default: confirmed. Not used when the attendee is waitlisted: promotion sets its status (docs/waitlists.md). */
                        status?: "pending" | "confirmed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: string;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "attendee";
                            seats: number;
                            status: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show" | "waitlisted";
                            /** Format: date-time */
                            updated_at: string;
                            waitlist_position: number | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a requested, pending or confirmed booking
         * @description Cancel a requested, pending or confirmed booking (409 policy_violation inside the cancel window of its booking policy)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Secret keys only (403 permission_denied otherwise): go past the booking policy’s window; the booking records it in `policy_overrides` (docs/policies.md#override). Since 2027-02-01. */
                        override_policy?: boolean;
                        /** @description Stored as cancellation_reason. */
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/charges/{charge}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a due charge of the booking settled
         * @description Mark a due charge of the booking settled (409 invalid_state_transition when it is not due)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Charge id (chg_…) */
                    charge: string;
                    /** @description Booking id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/charges/{charge}/waive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a due charge of the booking waived
         * @description Mark a due charge of the booking waived (409 invalid_state_transition when it is not due)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Charge id (chg_…) */
                    charge: string;
                    /** @description Booking id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed booking completed
         * @description Mark a confirmed booking completed (once it has started)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a pending booking
         * @description Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         *
         *     With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account): confirms the booking it holds, or leaves a `requested` one to the business's approval or a hold awaiting its deposit; either way the session is completed. name and email must be filled in first when the session asks for them.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline a requested booking
         * @description Decline a requested booking, with a reason: it is cancelled and its time freed (booking.declined)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Stored as cancellation_reason. */
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A booking's history
         * @description A booking's history: its changes in order, with who made each and through which door.
         *
         *     Keys: secret keys, and restricted keys with `events: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                actor: {
                                    id: string | null;
                                    /** @description The door: an API key, a manage link, a booking session, the MCP endpoint, the console, a worker, or the system. */
                                    type: "api_key" | "manage_link" | "booking_session" | "mcp" | "console" | "worker" | "system";
                                } | null;
                                changed_attributes: {
                                    [key: string]: {
                                        current: unknown;
                                        previous: unknown;
                                    };
                                } | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The event that recorded the change. */
                                id: string;
                                /** @enum {string} */
                                object: "booking_change";
                                request_id: string | null;
                                /** @description The event type: `booking.created`, `booking.confirmed`, `booking.rescheduled`… */
                                type: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/manage_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the manage links of a booking
         * @description List the manage links of a booking, newest first.
         *
         *     Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description The booking it was made for (the page follows a reschedule to the new booking). */
                                booking: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                expires_at: string;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "manage_link";
                                revoked_at: string | null;
                                status: "active" | "revoked" | "expired";
                                /** @description Only in the response that creates the link: the token is not stored, only its hash. */
                                url?: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a manage link
         * @description Create a manage link: a secret URL where the person who booked sees, cancels or moves the booking (expires at the booking's start by default)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "metadata": {
                     *         "sent_by": "email"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the link stops working; in the future. Default: the booking's start.
                         */
                        expires_at?: string;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "ml_01m85jq3k1z0ybn2kq4v7w1d9e",
                         *       "object": "manage_link",
                         *       "livemode": false,
                         *       "booking": "bk_01m85jph362zkz008a6ea9mxp7",
                         *       "status": "active",
                         *       "url": "https://scheduling.example.com/manage/acct_01m85jp4bcsv76wxebd5kv6mcy/mlt_Qm9va2luZyBsaW5rIHRva2VuIGV4YW1wbGU",
                         *       "expires_at": "2026-12-14T14:00:00Z",
                         *       "revoked_at": null,
                         *       "metadata": {},
                         *       "created_at": "2026-11-24T01:28:34Z"
                         *     }
                         */
                        "application/json": {
                            /** @description The booking it was made for (the page follows a reschedule to the new booking). */
                            booking: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "manage_link";
                            revoked_at: string | null;
                            status: "active" | "revoked" | "expired";
                            /** @description Only in the response that creates the link: the token is not stored, only its hash. */
                            url?: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/manage_links/{link}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a manage link
         * @description Revoke a manage link: it stops working at once.
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Booking id */
                    id: string;
                    /** @description Manage link id */
                    link: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "ml_01m85jq3k1z0ybn2kq4v7w1d9e",
                         *       "object": "manage_link",
                         *       "livemode": false,
                         *       "booking": "bk_01m85jph362zkz008a6ea9mxp7",
                         *       "status": "active",
                         *       "url": "https://scheduling.example.com/manage/acct_01m85jp4bcsv76wxebd5kv6mcy/mlt_Qm9va2luZyBsaW5rIHRva2VuIGV4YW1wbGU",
                         *       "expires_at": "2026-12-14T14:00:00Z",
                         *       "revoked_at": null,
                         *       "metadata": {},
                         *       "created_at": "2026-11-24T01:28:34Z"
                         *     }
                         */
                        "application/json": {
                            /** @description The booking it was made for (the page follows a reschedule to the new booking). */
                            booking: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "manage_link";
                            revoked_at: string | null;
                            status: "active" | "revoked" | "expired";
                            /** @description Only in the response that creates the link: the token is not stored, only its hash. */
                            url?: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/no_show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed booking as a no-show
         * @description Mark a confirmed booking as a no-show (once it has started)
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a payment of the booking's deposit
         * @description Record a payment of the booking's deposit (idempotent on provider and reference); the booking is confirmed once the deposit is paid.
         *
         *     The service never moves money: the platform collects the deposit through its own provider, then records it here (docs/policies.md#deposits; since 2027-03-15). A repeat of the same (provider, reference) returns the same payment and writes nothing (sent again with another amount or currency, or on another booking: 400 idempotency_key_reused, param `reference`). A payment in another currency than the deposit's is 400 parameter_invalid. Once the payments reach the deposit a pending booking is confirmed (booking.payment_recorded, then booking.confirmed); a requested one still waits for approval. 409 invalid_state_transition when the booking has no deposit, is already paid, or is no longer waiting for it; after the hold's expires_at the payment is refused and the booking stays expired (its time may already be taken): refund it through the provider.
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "amount": 2000,
                     *       "currency": "EUR",
                     *       "provider": "stripe",
                     *       "reference": "pi_3QxY2eLkdIwHu7ix0a1b2c3d"
                     *     }
                     */
                    "application/json": {
                        /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                        amount: number;
                        /** @description ISO 4217, upper case; the deposit's currency. */
                        currency: string;
                        /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                        provider: string;
                        /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                        reference: string;
                    };
                };
            };
            responses: {
                /** @description The payment recorded (or, for a repeat, the one recorded before) and the booking after it. */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                            amount: number;
                            booking: {
                                /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                                amount_paid: number;
                                cancellation_reason: string | null;
                                cancelled_at: string | null;
                                /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                                charges: {
                                    /** @description In the currency's minor units. */
                                    amount: number;
                                    closed_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217. */
                                    currency: string;
                                    id: string;
                                    status: "due" | "settled" | "waived";
                                    type: "late_cancel" | "no_show";
                                }[];
                                confirmed_at: string | null;
                                /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                                conflict_policy: "reject" | "capacity_only" | "allow";
                                conflicted: boolean;
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[] | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The customer (since 2027-02-01), or null. */
                                customer: {
                                    email: string | null;
                                    locale: string | null;
                                    name: string | null;
                                    phone: string | null;
                                    reference: string;
                                    time_zone: string | null;
                                } | null;
                                deposit: {
                                    amount: number;
                                    currency: string;
                                    hold_minutes: number;
                                } | null;
                                /** Format: date-time */
                                end: string;
                                expires_at: string | null;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "booking";
                                occurrence_key: string | null;
                                payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                                /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                                payments: {
                                    /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217, upper case; the deposit's currency. */
                                    currency: string;
                                    /** @description pay_… */
                                    id: string;
                                    /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                    provider: string;
                                    /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                    reference: string;
                                }[];
                                /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                                policy_overrides: {
                                    action: "cancel" | "reschedule";
                                    /** Format: date-time */
                                    at: string;
                                    rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                                }[];
                                /** @description What the platform owes the customer back (since 2027-03-15). */
                                refunds: {
                                    /** @description In the currency's minor units: what was paid of the deposit. */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    /** @description rfd_… */
                                    id: string;
                                    /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                    reason: "cancelled" | "declined" | "expired";
                                    /**
                                     * @description The platform refunds it through its own provider.
                                     * @enum {string}
                                     */
                                    status: "due";
                                }[];
                                replaced_by: string | null;
                                replaces: string | null;
                                seats: number | null;
                                seats_taken: number | null;
                                segments: {
                                    buffer_after_minutes: number;
                                    buffer_before_minutes: number;
                                    /** Format: date-time */
                                    end: string;
                                    location: string | null;
                                    quantity: number;
                                    resource: string;
                                    /** Format: date-time */
                                    start: string;
                                }[];
                                series: string | null;
                                /** Format: date-time */
                                start: string;
                                status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                                waitlist_hold_minutes: number;
                                /** @description Attendees that may wait for a seat (0: no waitlist). */
                                waitlist_limit: number;
                            };
                            /** Format: date-time */
                            created_at: string;
                            /** @description ISO 4217, upper case; the deposit's currency. */
                            currency: string;
                            /** @description pay_… */
                            id: string;
                            /** @enum {string} */
                            object: "payment";
                            /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                            provider: string;
                            /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                            reference: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reschedule
         * @description Reschedule: a new booking replaces this one (cancelled with replaced_by; attendees move). Returns the new booking.
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                        conflict_policy?: "reject" | "capacity_only" | "allow";
                        /** @description Secret keys only (403 permission_denied otherwise): go past the booking policy’s window; the booking records it in `policy_overrides` (docs/policies.md#override). Since 2027-02-01. */
                        override_policy?: boolean;
                        /** @description Returning customers (since 2027-04-01): each segment tries first the resource of the customer's latest completed or confirmed booking (the first of its segments' resources that is a candidate), before candidate_order (weights, priorities, balance); when it does not fit, candidate_order decides. The customer: the booking's own (400 parameter_invalid when it has none). Default false (docs/bookings.md#returning-customers). */
                        prefer_previous_resource?: boolean;
                        segments: {
                            /** @description Minutes also held after the segment; default: the resource's. */
                            buffer_after_minutes?: number;
                            /** @description Minutes also held before the segment; default: the resource's. */
                            buffer_before_minutes?: number;
                            /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                            candidate_order?: "listed" | "balanced" | "weighted";
                            /**
                             * Format: date-time
                             * @description Segment end; after start.
                             */
                            end: string;
                            /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                            fairness_period?: "day" | "week" | "month";
                            location?: string | null;
                            /** @description Units of a pool (default 1). */
                            quantity?: number;
                            /** @description Book this resource. Exactly one of resource or resources. */
                            resource?: string;
                            /** @description Candidates, in order of preference: the first that fits is booked. */
                            resources?: string[];
                            /**
                             * Format: date-time
                             * @description Segment start (any RFC 3339 offset).
                             */
                            start: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import up to 100 bookings in any status
         * @description Import up to 100 bookings in any status, all or nothing (policy allow unless an item says otherwise)
         *
         *     Cost: the segments of every booking, each counted once per candidate resource, at most 200 work units (100 bookings of two segments); over that, 400 parameter_invalid on `bookings`: split the import (docs/limits.md).
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bookings: {
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy?: "reject" | "capacity_only" | "allow";
                            /**
                             * Format: date-time
                             * @description When the booking was made (not in the future); default now.
                             */
                            created_at?: string;
                            /** @description The customer (since 2027-02-01). On create: the customer, or null for none. On update: replaces the whole customer; null removes it. */
                            customer?: {
                                /** @description An email address (local@domain). */
                                email?: string;
                                /** @description A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it. */
                                locale?: string;
                                /** @description How to address the customer. */
                                name?: string;
                                /** @description A phone number in E.164 form (+ and up to 15 digits). */
                                phone?: string;
                                /** @description The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it. */
                                reference: string;
                                /** @description An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it. */
                                time_zone?: string;
                            } | null;
                            /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                            metadata?: {
                                [key: string]: string;
                            };
                            seats?: number | null;
                            segments: {
                                /** @description Minutes also held after the segment; default: the resource's. */
                                buffer_after_minutes?: number;
                                /** @description Minutes also held before the segment; default: the resource's. */
                                buffer_before_minutes?: number;
                                /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                candidate_order?: "listed" | "balanced" | "weighted";
                                /**
                                 * Format: date-time
                                 * @description Segment end; after start.
                                 */
                                end: string;
                                /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                fairness_period?: "day" | "week" | "month";
                                location?: string | null;
                                /** @description Units of a pool (default 1). */
                                quantity?: number;
                                /** @description Book this resource. Exactly one of resource or resources. */
                                resource?: string;
                                /** @description Candidates, in order of preference: the first that fits is booked. */
                                resources?: string[];
                                /**
                                 * Format: date-time
                                 * @description Segment start (any RFC 3339 offset).
                                 */
                                start: string;
                            }[];
                            /** @description Default: confirmed. Not `requested` (400 parameter_invalid): an import applies no booking policy, so nothing would approve or time out the request; create it with POST /v1/bookings and `requested: true` instead (docs/policies.md#imports). */
                            status?: "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                                amount_paid: number;
                                cancellation_reason: string | null;
                                cancelled_at: string | null;
                                /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                                charges: {
                                    /** @description In the currency's minor units. */
                                    amount: number;
                                    closed_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217. */
                                    currency: string;
                                    id: string;
                                    status: "due" | "settled" | "waived";
                                    type: "late_cancel" | "no_show";
                                }[];
                                confirmed_at: string | null;
                                /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                                conflict_policy: "reject" | "capacity_only" | "allow";
                                conflicted: boolean;
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[] | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The customer (since 2027-02-01), or null. */
                                customer: {
                                    email: string | null;
                                    locale: string | null;
                                    name: string | null;
                                    phone: string | null;
                                    reference: string;
                                    time_zone: string | null;
                                } | null;
                                deposit: {
                                    amount: number;
                                    currency: string;
                                    hold_minutes: number;
                                } | null;
                                /** Format: date-time */
                                end: string;
                                expires_at: string | null;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "booking";
                                occurrence_key: string | null;
                                payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                                /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                                payments: {
                                    /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217, upper case; the deposit's currency. */
                                    currency: string;
                                    /** @description pay_… */
                                    id: string;
                                    /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                    provider: string;
                                    /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                    reference: string;
                                }[];
                                /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                                policy_overrides: {
                                    action: "cancel" | "reschedule";
                                    /** Format: date-time */
                                    at: string;
                                    rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                                }[];
                                /** @description What the platform owes the customer back (since 2027-03-15). */
                                refunds: {
                                    /** @description In the currency's minor units: what was paid of the deposit. */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    /** @description rfd_… */
                                    id: string;
                                    /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                    reason: "cancelled" | "declined" | "expired";
                                    /**
                                     * @description The platform refunds it through its own provider.
                                     * @enum {string}
                                     */
                                    status: "due";
                                }[];
                                replaced_by: string | null;
                                replaces: string | null;
                                seats: number | null;
                                seats_taken: number | null;
                                segments: {
                                    buffer_after_minutes: number;
                                    buffer_before_minutes: number;
                                    /** Format: date-time */
                                    end: string;
                                    location: string | null;
                                    quantity: number;
                                    resource: string;
                                    /** Format: date-time */
                                    start: string;
                                }[];
                                series: string | null;
                                /** Format: date-time */
                                start: string;
                                status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                                waitlist_hold_minutes: number;
                                /** @description Attendees that may wait for a seat (0: no waitlist). */
                                waitlist_limit: number;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calendar_feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List calendar feeds
         * @description List calendar feeds, newest first.
         *
         *     Keys: secret keys, and restricted keys with `blocks: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Feeds of this resource */
                    resource?: string;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Busy intervals kept from the last good sync (within the horizon). */
                                busy_count: number;
                                consecutive_failures: number;
                                /** Format: date-time */
                                created_at: string;
                                description: string | null;
                                id: string;
                                last_attempt_at: string | null;
                                last_error: string | null;
                                last_synced_at: string | null;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                next_sync_at: string;
                                /** @enum {string} */
                                object: "calendar_feed";
                                /** @description How often the feed is fetched. */
                                refresh_minutes: number;
                                /** @description The resource whose busy time the feed holds. */
                                resource: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The iCalendar URL fetched, redacted: its scheme, host and the start of its path, never its secret token (`https://calendar.google.com/calendar/ical/…`). The full URL is stored encrypted and never returned. */
                                url: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Subscribe a resource to an iCalendar feed
         * @description Subscribe a resource to an iCalendar feed: its events become the resource's busy time. Syncs at once (a failure is reported in last_error).
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "resource": "res_01m85r0k8tq2y0v5b7n3c4d5e6",
                     *       "url": "https://calendar.google.com/calendar/ical/ada%40example.com/private-5f2c/basic.ics",
                     *       "refresh_minutes": 15,
                     *       "description": "Ada's personal calendar"
                     *     }
                     */
                    "application/json": {
                        description?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Minutes between fetches, at least 5 (default 15). */
                        refresh_minutes?: number;
                        /** @description Resource id */
                        resource: string;
                        /** @description An https URL of an iCalendar feed (http only in test mode; in production only public destinations: no private, loopback, link-local or other special-purpose addresses, as for webhooks). */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "cfd_01m85r0m3m0s6pjq3m8a7k2w1x",
                         *       "object": "calendar_feed",
                         *       "livemode": false,
                         *       "resource": "res_01m85r0k8tq2y0v5b7n3c4d5e6",
                         *       "url": "https://calendar.google.com/calendar/ical/…",
                         *       "refresh_minutes": 15,
                         *       "description": "Ada's personal calendar",
                         *       "busy_count": 42,
                         *       "last_synced_at": "2027-01-12T09:30:00Z",
                         *       "last_attempt_at": "2027-01-12T09:30:00Z",
                         *       "last_error": null,
                         *       "consecutive_failures": 0,
                         *       "next_sync_at": "2027-01-12T09:45:00Z",
                         *       "metadata": {
                         *         "staff": "ada"
                         *       },
                         *       "created_at": "2027-01-12T09:30:00Z",
                         *       "updated_at": "2027-01-12T09:30:00Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Busy intervals kept from the last good sync (within the horizon). */
                            busy_count: number;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_synced_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            next_sync_at: string;
                            /** @enum {string} */
                            object: "calendar_feed";
                            /** @description How often the feed is fetched. */
                            refresh_minutes: number;
                            /** @description The resource whose busy time the feed holds. */
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The iCalendar URL fetched, redacted: its scheme, host and the start of its path, never its secret token (`https://calendar.google.com/calendar/ical/…`). The full URL is stored encrypted and never returned. */
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calendar_feeds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a calendar feed
         * @description Keys: secret keys, and restricted keys with `blocks: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "cfd_01m85r0m3m0s6pjq3m8a7k2w1x",
                         *       "object": "calendar_feed",
                         *       "livemode": false,
                         *       "resource": "res_01m85r0k8tq2y0v5b7n3c4d5e6",
                         *       "url": "https://calendar.google.com/calendar/ical/…",
                         *       "refresh_minutes": 15,
                         *       "description": "Ada's personal calendar",
                         *       "busy_count": 42,
                         *       "last_synced_at": "2027-01-12T09:30:00Z",
                         *       "last_attempt_at": "2027-01-12T09:30:00Z",
                         *       "last_error": null,
                         *       "consecutive_failures": 0,
                         *       "next_sync_at": "2027-01-12T09:45:00Z",
                         *       "metadata": {
                         *         "staff": "ada"
                         *       },
                         *       "created_at": "2027-01-12T09:30:00Z",
                         *       "updated_at": "2027-01-12T09:30:00Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Busy intervals kept from the last good sync (within the horizon). */
                            busy_count: number;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_synced_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            next_sync_at: string;
                            /** @enum {string} */
                            object: "calendar_feed";
                            /** @description How often the feed is fetched. */
                            refresh_minutes: number;
                            /** @description The resource whose busy time the feed holds. */
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The iCalendar URL fetched, redacted: its scheme, host and the start of its path, never its secret token (`https://calendar.google.com/calendar/ical/…`). The full URL is stored encrypted and never returned. */
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a calendar feed
         * @description Update a calendar feed: url (synced at once), refresh_minutes, description, metadata.
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "refresh_minutes": 60
                     *     }
                     */
                    "application/json": {
                        description?: string | null;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Minutes between fetches, at least 5 (default 15). */
                        refresh_minutes?: number;
                        /** @description An https URL of an iCalendar feed (http only in test mode; in production only public destinations: no private, loopback, link-local or other special-purpose addresses, as for webhooks). */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "cfd_01m85r0m3m0s6pjq3m8a7k2w1x",
                         *       "object": "calendar_feed",
                         *       "livemode": false,
                         *       "resource": "res_01m85r0k8tq2y0v5b7n3c4d5e6",
                         *       "url": "https://calendar.google.com/calendar/ical/…",
                         *       "refresh_minutes": 15,
                         *       "description": "Ada's personal calendar",
                         *       "busy_count": 42,
                         *       "last_synced_at": "2027-01-12T09:30:00Z",
                         *       "last_attempt_at": "2027-01-12T09:30:00Z",
                         *       "last_error": null,
                         *       "consecutive_failures": 0,
                         *       "next_sync_at": "2027-01-12T09:45:00Z",
                         *       "metadata": {
                         *         "staff": "ada"
                         *       },
                         *       "created_at": "2027-01-12T09:30:00Z",
                         *       "updated_at": "2027-01-12T09:30:00Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Busy intervals kept from the last good sync (within the horizon). */
                            busy_count: number;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_synced_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            next_sync_at: string;
                            /** @enum {string} */
                            object: "calendar_feed";
                            /** @description How often the feed is fetched. */
                            refresh_minutes: number;
                            /** @description The resource whose busy time the feed holds. */
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The iCalendar URL fetched, redacted: its scheme, host and the start of its path, never its secret token (`https://calendar.google.com/calendar/ical/…`). The full URL is stored encrypted and never returned. */
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a calendar feed
         * @description Delete a calendar feed: its busy time goes with it, at once.
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calendar_feeds/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync a calendar feed now
         * @description Sync a calendar feed now; answers the feed after the sync (a failure is reported in last_error, the last good busy time stays)
         *
         *     Keys: secret keys, and restricted keys with `blocks: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "cfd_01m85r0m3m0s6pjq3m8a7k2w1x",
                         *       "object": "calendar_feed",
                         *       "livemode": false,
                         *       "resource": "res_01m85r0k8tq2y0v5b7n3c4d5e6",
                         *       "url": "https://calendar.google.com/calendar/ical/…",
                         *       "refresh_minutes": 15,
                         *       "description": "Ada's personal calendar",
                         *       "busy_count": 42,
                         *       "last_synced_at": "2027-01-12T09:30:00Z",
                         *       "last_attempt_at": "2027-01-12T09:30:00Z",
                         *       "last_error": null,
                         *       "consecutive_failures": 0,
                         *       "next_sync_at": "2027-01-12T09:45:00Z",
                         *       "metadata": {
                         *         "staff": "ada"
                         *       },
                         *       "created_at": "2027-01-12T09:30:00Z",
                         *       "updated_at": "2027-01-12T09:30:00Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Busy intervals kept from the last good sync (within the horizon). */
                            busy_count: number;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_synced_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            next_sync_at: string;
                            /** @enum {string} */
                            object: "calendar_feed";
                            /** @description How often the feed is fetched. */
                            refresh_minutes: number;
                            /** @description The resource whose busy time the feed holds. */
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The iCalendar URL fetched, redacted: its scheme, host and the start of its path, never its secret token (`https://calendar.google.com/calendar/ical/…`). The full URL is stored encrypted and never returned. */
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conflict_previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview which future bookings a write would flag as conflicted or clear
         * @description Preview which future bookings a write would flag as conflicted or clear: the request runs for real in a transaction that is always rolled back (nothing changes, no event is written)
         *
         *     Supported: POST /v1/resources/{id}, POST /v1/resources/{id}/archive|unarchive; POST /v1/schedules, /v1/schedule_overrides, /v1/blocks; POST and DELETE on /v1/schedules/{id}, /v1/schedule_overrides/{id}, /v1/blocks/{id}; POST /v1/bookings and POST /v1/bookings/{id}/reschedule. Anything else: 400 parameter_invalid (param `path`). The previewed request is checked as if sent with the same key (its permissions and errors apply). At most 100 bookings in each list; `has_more` says if more. Cost: the segments of the future bookings the write re-checks, at most 1,000 work units; over that, 400 parameter_invalid before anything is planned (docs/limits.md).
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description POST or DELETE */
                        method: string;
                        /** @description e.g. /v1/resources/res_…/archive */
                        path: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            has_more: boolean;
                            livemode: boolean;
                            method: string;
                            /** @enum {string} */
                            object: "conflict_preview";
                            path: string;
                            would_conflict: {
                                booking: string;
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[];
                                /** Format: date-time */
                                end: string;
                                metadata: {
                                    [key: string]: string;
                                };
                                resources: string[];
                                /** Format: date-time */
                                start: string;
                                status: string;
                            }[];
                            would_resolve: {
                                booking: string;
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[];
                                /** Format: date-time */
                                end: string;
                                metadata: {
                                    [key: string]: string;
                                };
                                resources: string[];
                                /** Format: date-time */
                                start: string;
                                status: string;
                            }[];
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a customer's personal data from the account
         * @description Replaces the customer (reference, name, email, phone, locale, time zone) of every booking and attendee of the account that carries it with a tombstone (`customer.reference` `erased`, every other field null), and removes the same customer from the copies the service keeps: stored events (and so webhook deliveries and resends, whose bodies are those events), stored Idempotency-Key responses and manage-link views. Ids, times, statuses and seats are kept, so availability and usage do not change. Idempotent: erasing again changes nothing and records no second event. Writes one `customer.erased` event, which carries counts and no personal data. Large accounts are erased in bounded passes within the request. Needs `bookings: write`. Since 2027-05-01 (docs/privacy.md#erasure).
         *
         *     Keys: secret keys, and restricted keys with `bookings: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The customer to erase: its reference, its email, or both (a row that matches either is erased). */
                        customer: {
                            /** @description An email address: every customer with this email (whatever its case) is erased too. */
                            email?: string;
                            /** @description The platform's reference of the customer (`customer.reference` on bookings and attendees). */
                            reference?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description An erasure of one customer (since 2027-05-01, docs/privacy.md#erasure). It names counts, never the customer. */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description What this request changed; all 0 when the customer was already erased (or never known). */
                            erased: {
                                /** @description Attendees whose customer this request replaced with the tombstone. */
                                attendees: number;
                                /** @description Booking sessions whose customer prefill (docs/elements.md) this request removed. */
                                booking_sessions: number;
                                /** @description Bookings whose customer this request replaced with the tombstone. */
                                bookings: number;
                                /** @description Stored events (and so the bodies of their webhook deliveries) from which this request removed the customer's copies. */
                                events: number;
                                /** @description Stored Idempotency-Key responses from which this request removed the customer. */
                                stored_responses: number;
                            };
                            /** @description era_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "customer_erasure";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events of the last 30 days
         * @description List events of the last 30 days, newest first (optional Service-Account narrows to one business; filter by type and by actor)
         *
         *     Keys: secret keys, and restricted keys with `events: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only events made by this actor (a key id, a manage link id, a worker name). */
                    "actor.id"?: string;
                    /** @description The door: an API key, a manage link, a booking session, the MCP endpoint, the console, a worker, or the system. */
                    "actor.type"?: "api_key" | "manage_link" | "booking_session" | "mcp" | "console" | "worker" | "system";
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    /** @description An exact type (as your API version names it: before 2027-02-01, `booking.cancelled` also lists declines), a prefix such as `booking.*`, or `*`. */
                    type?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                account: string | null;
                                actor: {
                                    id: string | null;
                                    /** @description The door: an API key, a manage link, a booking session, the MCP endpoint, the console, a worker, or the system. */
                                    type: "api_key" | "manage_link" | "booking_session" | "mcp" | "console" | "worker" | "system";
                                } | null;
                                api_version: string;
                                /** Format: date-time */
                                created_at: string;
                                data: {
                                    object: {
                                        [key: string]: unknown;
                                    };
                                    previous_attributes: {
                                        [key: string]: unknown;
                                    } | null;
                                    /** @description booking.reminder only (docs/reminders.md). */
                                    reminder?: {
                                        /** @description The offset before the start that this reminder is for. */
                                        offset_minutes: number;
                                        /**
                                         * Format: date-time
                                         * @description The start minus the offset.
                                         */
                                        remind_at: string;
                                    };
                                    /** @description Present when the change was made by the person who booked, through a manage link (docs/manage-links.md). */
                                    source?: {
                                        manage_link: string;
                                        /** @enum {string} */
                                        type: "manage_link";
                                    };
                                };
                                id: string;
                                livemode: boolean;
                                /** @enum {string} */
                                object: "event";
                                request_id: string | null;
                                type: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description Keys: secret keys, and restricted keys with `events: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string | null;
                            actor: {
                                id: string | null;
                                /** @description The door: an API key, a manage link, a booking session, the MCP endpoint, the console, a worker, or the system. */
                                type: "api_key" | "manage_link" | "booking_session" | "mcp" | "console" | "worker" | "system";
                            } | null;
                            api_version: string;
                            /** Format: date-time */
                            created_at: string;
                            data: {
                                object: {
                                    [key: string]: unknown;
                                };
                                previous_attributes: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description booking.reminder only (docs/reminders.md). */
                                reminder?: {
                                    /** @description The offset before the start that this reminder is for. */
                                    offset_minutes: number;
                                    /**
                                     * Format: date-time
                                     * @description The start minus the offset.
                                     */
                                    remind_at: string;
                                };
                                /** @description Present when the change was made by the person who booked, through a manage link (docs/manage-links.md). */
                                source?: {
                                    manage_link: string;
                                    /** @enum {string} */
                                    type: "manage_link";
                                };
                            };
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "event";
                            request_id: string | null;
                            type: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the webhook deliveries of an event
         * @description List the webhook deliveries of an event, newest first.
         *
         *     Keys: secret keys, and restricted keys with `events: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    /** @description pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted). */
                    status?: "pending" | "sending" | "succeeded" | "failed";
                };
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attempts: number;
                                /** Format: date-time */
                                created_at: string;
                                endpoint: string;
                                event: string;
                                event_type: string | null;
                                id: string;
                                last_attempt_at: string | null;
                                last_error: string | null;
                                last_response_status: number | null;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                next_attempt_at: string | null;
                                /** @enum {string} */
                                object: "webhook_delivery";
                                recent_attempts: {
                                    /** Format: date-time */
                                    attempted_at: string;
                                    duration_ms: number;
                                    error: string | null;
                                    response_status: number | null;
                                }[];
                                resent_at: string | null;
                                /** @description pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted). */
                                status: "pending" | "sending" | "succeeded" | "failed";
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again to one endpoint
         * @description Send an event again to one endpoint: a new delivery with a fresh set of retries.
         *
         *     Keys: secret keys, and restricted keys with `events: write` and `webhook_endpoints: write`; others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A webhook endpoint id (same platform and mode) */
                        endpoint: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: number;
                            /** Format: date-time */
                            created_at: string;
                            endpoint: string;
                            event: string;
                            event_type: string | null;
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_response_status: number | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            next_attempt_at: string | null;
                            /** @enum {string} */
                            object: "webhook_delivery";
                            recent_attempts: {
                                /** Format: date-time */
                                attempted_at: string;
                                duration_ms: number;
                                error: string | null;
                                response_status: number | null;
                            }[];
                            resent_at: string | null;
                            /** @description pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted). */
                            status: "pending" | "sending" | "succeeded" | "failed";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/feeds/{account}/{token}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A secret feed URL
         * @description A secret feed URL (no key): the same iCalendar document as GET /v1/resources/{id}/calendar.ics, until revoked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Account id */
                    account: string;
                    /** @description The secret token of the feed */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An iCalendar (RFC 5545) document: one VEVENT per confirmed booking (also completed and no_show) at its start and end on this resource, in UTC; UID is the booking id, SEQUENCE grows with every change of the booking; a cancelled booking that had been confirmed appears with STATUS:CANCELLED. Bookings from 183 days back to 731 days ahead, at most 5000. Send If-None-Match with the ETag to get 304 when nothing changed. */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified since the ETag sent in If-None-Match. */
                304: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The holidays of a country
         * @description The holidays of a country (and region) in one year: the days an account's or resource's `holidays` setting closes.
         *
         *     Every type by default, each day with its type; `types` narrows the list as `holidays.types` would. An unknown country, subdivision or type: 400 naming the parameter (docs/availability.md#holidays).
         *
         *     Keys: secret keys, and restricted keys with `availability: read` (or write); others get 403 permission_denied. A key bound to one account reaches only its own account's objects (others: 404 resource_missing).
         */
        get: {
            parameters: {
                query: {
                    /** @description ISO 3166-1 alpha-2 country code, e.g. `DE`. */
                    country: string;
                    /** @description The region: the part of its ISO 3166-2 code after the dash, e.g. `BY`. */
                    subdivision?: string;
                    /** @description Comma-separated types among public, bank, school, optional, observance; default: all. */
                    types?: string;
                    /** @description Default: the current year (UTC). */
                    year?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                country: string;
                                /**
                                 * Format: date
                                 * @description The local date it closes (in each resource's own zone).
                                 */
                                date: string;
                                /** @description The holiday's name, in the country's language as the library gives it. */
                                name: string;
                                /** @enum {string} */
                                object: "holiday";
                                /** @description The rule that gives the date, e.g. `easter 1` or `3rd monday in January`. */
                                rule: string;
                                subdivision: string | null;
                                /** @description A day observed in place of a holiday that falls on a weekend. */
                                substitute: boolean;
                                type: "public" | "bank" | "school" | "optional" | "observance";
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List locations
         * @description List locations, newest first.
         *
         *     Keys: secret keys, and restricted keys with `locations: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                name: string;
                                /** @enum {string} */
                                object: "location";
                                timezone: string | null;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a location
         * @description Keys: secret keys, and restricted keys with `locations: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        name: string;
                        timezone?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "location";
                            timezone: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a location
         * @description Keys: secret keys, and restricted keys with `locations: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "location";
                            timezone: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a location
         * @description Keys: secret keys, and restricted keys with `locations: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        name?: string;
                        timezone?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "location";
                            timezone: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a location
         * @description Delete a location (409 resource_in_use while resources, blocks, schedules or future bookings use it)
         *
         *     Keys: secret keys, and restricted keys with `locations: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/{account}/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a manage link shows
         * @description What a manage link shows: its booking (no API key: the link is the credential)
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Account id (part of the link) */
                    account: string;
                    /** @description The secret of the link */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            booking: {
                                /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                                amount_paid: number;
                                cancellation_reason: string | null;
                                cancelled_at: string | null;
                                /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                                charges: {
                                    /** @description In the currency's minor units. */
                                    amount: number;
                                    closed_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217. */
                                    currency: string;
                                    id: string;
                                    status: "due" | "settled" | "waived";
                                    type: "late_cancel" | "no_show";
                                }[];
                                confirmed_at: string | null;
                                /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                                conflict_policy: "reject" | "capacity_only" | "allow";
                                conflicted: boolean;
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[] | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The customer (since 2027-02-01), or null. */
                                customer: {
                                    email: string | null;
                                    locale: string | null;
                                    name: string | null;
                                    phone: string | null;
                                    reference: string;
                                    time_zone: string | null;
                                } | null;
                                deposit: {
                                    amount: number;
                                    currency: string;
                                    hold_minutes: number;
                                } | null;
                                /** Format: date-time */
                                end: string;
                                expires_at: string | null;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "booking";
                                occurrence_key: string | null;
                                payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                                /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                                payments: {
                                    /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description ISO 4217, upper case; the deposit's currency. */
                                    currency: string;
                                    /** @description pay_… */
                                    id: string;
                                    /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                    provider: string;
                                    /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                    reference: string;
                                }[];
                                /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                                policy_overrides: {
                                    action: "cancel" | "reschedule";
                                    /** Format: date-time */
                                    at: string;
                                    rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                                }[];
                                /** @description What the platform owes the customer back (since 2027-03-15). */
                                refunds: {
                                    /** @description In the currency's minor units: what was paid of the deposit. */
                                    amount: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    /** @description rfd_… */
                                    id: string;
                                    /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                    reason: "cancelled" | "declined" | "expired";
                                    /**
                                     * @description The platform refunds it through its own provider.
                                     * @enum {string}
                                     */
                                    status: "due";
                                }[];
                                replaced_by: string | null;
                                replaces: string | null;
                                seats: number | null;
                                seats_taken: number | null;
                                segments: {
                                    buffer_after_minutes: number;
                                    buffer_before_minutes: number;
                                    /** Format: date-time */
                                    end: string;
                                    location: string | null;
                                    quantity: number;
                                    resource: string;
                                    /** Format: date-time */
                                    start: string;
                                }[];
                                series: string | null;
                                /** Format: date-time */
                                start: string;
                                status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                                waitlist_hold_minutes: number;
                                /** @description Attendees that may wait for a seat (0: no waitlist). */
                                waitlist_limit: number;
                            };
                            business: {
                                accent_color: string | null;
                                /** @description The account's display_name, else its name. */
                                name: string;
                            };
                            /** @description Whether it can still be cancelled or moved (pending or confirmed, not started). */
                            can_change: boolean;
                            link: {
                                /** Format: date-time */
                                expires_at: string;
                                id: string;
                            };
                            locale: string | null;
                            /** @enum {string} */
                            object: "manage_view";
                            /** @description The booking's segments, named, in order. */
                            segments: {
                                location: {
                                    id: string;
                                    name: string;
                                } | null;
                                resource: string;
                                resource_name: string | null;
                                /** @description The resource's time zone: the page shows the segment's times in it. */
                                timezone: string;
                            }[];
                            time_zone: string | null;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/{account}/{token}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The slots a manage link's booking can move to
         * @description The slots a manage link's booking can move to: the availability search with the booking's own segments.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Account id (part of the link) */
                    account: string;
                    /** @description The secret of the link */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "from": "2026-12-15T00:00:00Z",
                     *       "to": "2026-12-16T00:00:00Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Earliest slot start
                         */
                        from: string;
                        /**
                         * Format: date-time
                         * @description Latest slot end
                         */
                        to: string;
                    };
                };
            };
            responses: {
                /** @description As POST /v1/availability. */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/{account}/{token}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a manage link's booking
         * @description Cancel a manage link's booking (its events carry data.source)
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Account id (part of the link) */
                    account: string;
                    /** @description The secret of the link */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "reason": "Cannot make it"
                     *     }
                     */
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/{account}/{token}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a manage link's booking to a slot its availability offers
         * @description Move a manage link's booking to a slot its availability offers; returns the new booking (its events carry data.source)
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Account id (part of the link) */
                    account: string;
                    /** @description The secret of the link */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "start": "2026-12-15T10:00:00Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description A slot start offered by the availability of this link
                         */
                        start: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What the booking's payments add up to, in the deposit's minor units (since 2027-03-15). */
                            amount_paid: number;
                            cancellation_reason: string | null;
                            cancelled_at: string | null;
                            /** @description Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees). */
                            charges: {
                                /** @description In the currency's minor units. */
                                amount: number;
                                closed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217. */
                                currency: string;
                                id: string;
                                status: "due" | "settled" | "waived";
                                type: "late_cancel" | "no_show";
                            }[];
                            confirmed_at: string | null;
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            conflicted: boolean;
                            conflicts: {
                                /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                calendar_feed?: string;
                                candidates?: {
                                    reason: string;
                                    resource: string;
                                }[];
                                /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                event_uid?: string;
                                /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                holiday?: {
                                    /** Format: date */
                                    date: string;
                                    name: string;
                                    rule: string;
                                };
                                /** @description Rule conflicts: the limit of that rule. */
                                limit?: number;
                                message: string;
                                /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                reason: string;
                                resource: string | null;
                                /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                rule?: string;
                                segment: number;
                            }[] | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The customer (since 2027-02-01), or null. */
                            customer: {
                                email: string | null;
                                locale: string | null;
                                name: string | null;
                                phone: string | null;
                                reference: string;
                                time_zone: string | null;
                            } | null;
                            deposit: {
                                amount: number;
                                currency: string;
                                hold_minutes: number;
                            } | null;
                            /** Format: date-time */
                            end: string;
                            expires_at: string | null;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "booking";
                            occurrence_key: string | null;
                            payment_status: ("required" | "partially_paid" | "paid" | "refund_due") | null;
                            /** @description Payments of the deposit, each (provider, reference) once (since 2027-03-15). */
                            payments: {
                                /** @description In the deposit's currency, in its minor units (1000 EUR: 10.00 €). */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                /** @description ISO 4217, upper case; the deposit's currency. */
                                currency: string;
                                /** @description pay_… */
                                id: string;
                                /** @description Who collected it, in your own terms (stripe, adyen, cash). */
                                provider: string;
                                /** @description The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account. */
                                reference: string;
                            }[];
                            /** @description Each time a secret key went past a window of the booking policy (since 2027-02-01). */
                            policy_overrides: {
                                action: "cancel" | "reschedule";
                                /** Format: date-time */
                                at: string;
                                rule: "cancel_cutoff_minutes" | "reschedule_cutoff_minutes";
                            }[];
                            /** @description What the platform owes the customer back (since 2027-03-15). */
                            refunds: {
                                /** @description In the currency's minor units: what was paid of the deposit. */
                                amount: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                /** @description rfd_… */
                                id: string;
                                /** @description `cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full). */
                                reason: "cancelled" | "declined" | "expired";
                                /**
                                 * @description The platform refunds it through its own provider.
                                 * @enum {string}
                                 */
                                status: "due";
                            }[];
                            replaced_by: string | null;
                            replaces: string | null;
                            seats: number | null;
                            seats_taken: number | null;
                            segments: {
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                /** Format: date-time */
                                end: string;
                                location: string | null;
                                quantity: number;
                                resource: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            series: string | null;
                            /** Format: date-time */
                            start: string;
                            status: "requested" | "pending" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The hold of a promoted attendee (0: promoted to confirmed). */
                            waitlist_hold_minutes: number;
                            /** @description Attendees that may wait for a seat (0: no waitlist). */
                            waitlist_limit: number;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description This OpenAPI 3.1 document (no key needed); rendered at /docs.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List resources
         * @description List resources, newest first.
         *
         *     Keys: secret keys, and restricted keys with `resources: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Location id */
                    default_location?: string;
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    status?: "active" | "archived";
                    type?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15). */
                                assignment_priority: number;
                                /** @description Its share of bookings under candidate_order `weighted` (since 2027-02-15). */
                                assignment_weight: number;
                                /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                                booking_policy: {
                                    /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                    approval: "none" | "required" | null;
                                    /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                    approval_timeout_minutes: number | null;
                                    /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                    cancel_cutoff_minutes: number | null;
                                    /**
                                     * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                     * @example {
                                     *       "amount": 2000,
                                     *       "currency": "EUR",
                                     *       "hold_minutes": 30
                                     *     }
                                     */
                                    deposit: {
                                        /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                        amount: number;
                                        /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                        currency: string;
                                        /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                        hold_minutes: number;
                                    } | null;
                                    /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                    late_cancel_fee: {
                                        /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                        amount: number;
                                        /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                        currency: string;
                                    } | null;
                                    /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                    no_show_fee: {
                                        /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                        amount: number;
                                        /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                        currency: string;
                                    } | null;
                                    /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                    reschedule_cutoff_minutes: number | null;
                                };
                                /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                                booking_rules: {
                                    /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                    max_advance_days: number | null;
                                    /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                    max_per_day: number | null;
                                    /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                    max_per_week: number | null;
                                    /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                    min_notice_minutes: number | null;
                                };
                                buffer_after_minutes: number;
                                buffer_before_minutes: number;
                                capacity: number;
                                /** Format: date-time */
                                created_at: string;
                                default_location: string | null;
                                /** @description The resource's public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account's). */
                                holidays: {
                                    country: string;
                                    subdivision: string | null;
                                    types: ("public" | "bank" | "school" | "optional" | "observance")[];
                                } | null | "account";
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                name: string;
                                /** @enum {string} */
                                object: "resource";
                                reminder_offsets_minutes: number[] | null;
                                status: "active" | "archived";
                                timezone: string;
                                type: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a resource
         * @description Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Under candidate_order `weighted`, its level: candidates of a lower level that fit are chosen first (0 to 9, default 0). */
                        assignment_priority?: number;
                        /** @description Under candidate_order `weighted`, its share of its level's bookings: a candidate of weight 2 takes twice as many as one of weight 1 over the fairness period (docs/bookings.md#weighted-assignment). 1 to 100, default 1. */
                        assignment_weight?: number;
                        /** @description This resource's booking policy, each field overriding the account's; null (or absent on create): the account's applies (docs/policies.md). On update, the fields given replace the stored ones. */
                        booking_policy?: {
                            /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                            approval?: "none" | "required" | null;
                            /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                            approval_timeout_minutes?: number | null;
                            /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            cancel_cutoff_minutes?: number | null;
                            /**
                             * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                             * @example {
                             *       "amount": 2000,
                             *       "currency": "EUR",
                             *       "hold_minutes": 30
                             *     }
                             */
                            deposit?: {
                                /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                                /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                hold_minutes: number;
                            } | null;
                            /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                            late_cancel_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                            no_show_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            reschedule_cutoff_minutes?: number | null;
                        };
                        /** @description This resource's booking rules, each overriding the account's; null (or absent on create): the account's applies (docs/bookings.md#booking-rules). On update, the fields given replace the stored ones. */
                        booking_rules?: {
                            /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                            max_advance_days?: number | null;
                            /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                            max_per_day?: number | null;
                            /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                            max_per_week?: number | null;
                            /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                            min_notice_minutes?: number | null;
                        };
                        /** @description Minutes also held after the booked time. Default 0. */
                        buffer_after_minutes?: number;
                        /** @description Minutes also held before the booked time. Default 0. */
                        buffer_before_minutes?: number;
                        /** @description How many bookings it holds at once (a pool above 1). Default 1. */
                        capacity?: number;
                        default_location?: string | null;
                        /**
                         * @description The public holidays that close this resource's days, as local dates in its zone (since 2027-02-15; docs/availability.md#holidays): its own object, replacing the account's; null: none for this resource; `"account"` (the default): the account's.
                         * @example {
                         *       "country": "US",
                         *       "subdivision": "CA",
                         *       "types": [
                         *         "public"
                         *       ]
                         *     }
                         */
                        holidays?: {
                            /** @description ISO 3166-1 alpha-2 country code, as GET /v1/holidays knows it (e.g. `DE`, `US`). */
                            country: string;
                            /** @description The region: the part of its ISO 3166-2 code after the dash (`BY` for DE-BY, `CA` for US-CA); null: the country's holidays only. */
                            subdivision?: string | null;
                            /** @description Which kinds of holiday close the day; default `["public"]`. */
                            types?: ("public" | "bank" | "school" | "optional" | "observance")[];
                        } | null | "account";
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        name: string;
                        reminder_offsets_minutes?: number[] | null;
                        /** @description IANA time zone; default: the account's. */
                        timezone?: string;
                        /** @description A free label for grouping; not updatable. */
                        type: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15). */
                            assignment_priority: number;
                            /** @description Its share of bookings under candidate_order `weighted` (since 2027-02-15). */
                            assignment_weight: number;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            buffer_after_minutes: number;
                            buffer_before_minutes: number;
                            capacity: number;
                            /** Format: date-time */
                            created_at: string;
                            default_location: string | null;
                            /** @description The resource's public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account's). */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null | "account";
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "resource";
                            reminder_offsets_minutes: number[] | null;
                            status: "active" | "archived";
                            timezone: string;
                            type: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a resource
         * @description Keys: secret keys, and restricted keys with `resources: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15). */
                            assignment_priority: number;
                            /** @description Its share of bookings under candidate_order `weighted` (since 2027-02-15). */
                            assignment_weight: number;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            buffer_after_minutes: number;
                            buffer_before_minutes: number;
                            capacity: number;
                            /** Format: date-time */
                            created_at: string;
                            default_location: string | null;
                            /** @description The resource's public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account's). */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null | "account";
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "resource";
                            reminder_offsets_minutes: number[] | null;
                            status: "active" | "archived";
                            timezone: string;
                            type: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a resource
         * @description Update a resource (capacity, time zone and default location changes re-check future bookings)
         *
         *     Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Under candidate_order `weighted`, its level: candidates of a lower level that fit are chosen first (0 to 9, default 0). */
                        assignment_priority?: number;
                        /** @description Under candidate_order `weighted`, its share of its level's bookings: a candidate of weight 2 takes twice as many as one of weight 1 over the fairness period (docs/bookings.md#weighted-assignment). 1 to 100, default 1. */
                        assignment_weight?: number;
                        /** @description This resource's booking policy, each field overriding the account's; null (or absent on create): the account's applies (docs/policies.md). On update, the fields given replace the stored ones. */
                        booking_policy?: {
                            /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                            approval?: "none" | "required" | null;
                            /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                            approval_timeout_minutes?: number | null;
                            /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            cancel_cutoff_minutes?: number | null;
                            /**
                             * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                             * @example {
                             *       "amount": 2000,
                             *       "currency": "EUR",
                             *       "hold_minutes": 30
                             *     }
                             */
                            deposit?: {
                                /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                                /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                hold_minutes: number;
                            } | null;
                            /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                            late_cancel_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                            no_show_fee?: {
                                /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                amount: number;
                                /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                currency: string;
                            } | null;
                            /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                            reschedule_cutoff_minutes?: number | null;
                        };
                        /** @description This resource's booking rules, each overriding the account's; null (or absent on create): the account's applies (docs/bookings.md#booking-rules). On update, the fields given replace the stored ones. */
                        booking_rules?: {
                            /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                            max_advance_days?: number | null;
                            /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                            max_per_day?: number | null;
                            /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                            max_per_week?: number | null;
                            /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                            min_notice_minutes?: number | null;
                        };
                        /** @description Minutes also held after the booked time. Default 0. */
                        buffer_after_minutes?: number;
                        /** @description Minutes also held before the booked time. Default 0. */
                        buffer_before_minutes?: number;
                        /** @description How many bookings it holds at once (a pool above 1). Default 1. */
                        capacity?: number;
                        default_location?: string | null;
                        /**
                         * @description The public holidays that close this resource's days, as local dates in its zone (since 2027-02-15; docs/availability.md#holidays): its own object, replacing the account's; null: none for this resource; `"account"` (the default): the account's.
                         * @example {
                         *       "country": "US",
                         *       "subdivision": "CA",
                         *       "types": [
                         *         "public"
                         *       ]
                         *     }
                         */
                        holidays?: {
                            /** @description ISO 3166-1 alpha-2 country code, as GET /v1/holidays knows it (e.g. `DE`, `US`). */
                            country: string;
                            /** @description The region: the part of its ISO 3166-2 code after the dash (`BY` for DE-BY, `CA` for US-CA); null: the country's holidays only. */
                            subdivision?: string | null;
                            /** @description Which kinds of holiday close the day; default `["public"]`. */
                            types?: ("public" | "bank" | "school" | "optional" | "observance")[];
                        } | null | "account";
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        name?: string;
                        reminder_offsets_minutes?: number[] | null;
                        /** @description IANA time zone; default: the account's. */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15). */
                            assignment_priority: number;
                            /** @description Its share of bookings under candidate_order `weighted` (since 2027-02-15). */
                            assignment_weight: number;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            buffer_after_minutes: number;
                            buffer_before_minutes: number;
                            capacity: number;
                            /** Format: date-time */
                            created_at: string;
                            default_location: string | null;
                            /** @description The resource's public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account's). */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null | "account";
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "resource";
                            reminder_offsets_minutes: number[] | null;
                            status: "active" | "archived";
                            timezone: string;
                            type: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a never-booked resource with its schedules, overrides and blocks
         * @description Delete a never-booked resource with its schedules, overrides and blocks (409 resource_in_use otherwise)
         *
         *     Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a resource
         * @description Archive a resource: it takes no new bookings; future bookings are flagged resource_archived.
         *
         *     Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15). */
                            assignment_priority: number;
                            /** @description Its share of bookings under candidate_order `weighted` (since 2027-02-15). */
                            assignment_weight: number;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            buffer_after_minutes: number;
                            buffer_before_minutes: number;
                            capacity: number;
                            /** Format: date-time */
                            created_at: string;
                            default_location: string | null;
                            /** @description The resource's public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account's). */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null | "account";
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "resource";
                            reminder_offsets_minutes: number[] | null;
                            status: "active" | "archived";
                            timezone: string;
                            type: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The resource's bookings as an iCalendar feed
         * @description The resource's bookings as an iCalendar feed (text/calendar); calendar apps use a secret feed URL instead.
         *
         *     Keys: secret keys, and restricted keys with `bookings: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An iCalendar (RFC 5545) document: one VEVENT per confirmed booking (also completed and no_show) at its start and end on this resource, in UTC; UID is the booking id, SEQUENCE grows with every change of the booking; a cancelled booking that had been confirmed appears with STATUS:CANCELLED. Bookings from 183 days back to 731 days ahead, at most 5000. Send If-None-Match with the ETag to get 304 when nothing changed. */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified since the ETag sent in If-None-Match. */
                304: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources/{id}/feed_urls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the resource's feed URLs
         * @description List the resource's feed URLs, newest first (without their secret)
         *
         *     Keys: secret keys, and restricted keys with `resources: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                description: string | null;
                                id: string;
                                livemode: boolean;
                                /** @enum {string} */
                                object: "feed_url";
                                /** @description The resource whose bookings the feed shows. */
                                resource: string;
                                /** @description The last four characters of the secret token, to tell URLs apart. */
                                token_last4: string;
                                /** @description The secret feed URL (no key needed). Returned once, by create: store it or hand it to the calendar app. */
                                url?: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a secret feed URL for the resource
         * @description Create a secret feed URL for the resource (Google Calendar, Apple Calendar and Outlook subscribe to it with no key)
         *
         *     Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "feed_url";
                            /** @description The resource whose bookings the feed shows. */
                            resource: string;
                            /** @description The last four characters of the secret token, to tell URLs apart. */
                            token_last4: string;
                            /** @description The secret feed URL (no key needed). Returned once, by create: store it or hand it to the calendar app. */
                            url?: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources/{id}/feed_urls/{feed}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a feed URL
         * @description Revoke a feed URL: it stops working at once (404)
         *
         *     Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Feed URL id */
                    feed: string;
                    /** @description Resource id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resources/{id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a resource
         * @description Unarchive a resource: it takes bookings again; the resource_archived flag is cleared.
         *
         *     Keys: secret keys, and restricted keys with `resources: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15). */
                            assignment_priority: number;
                            /** @description Its share of bookings under candidate_order `weighted` (since 2027-02-15). */
                            assignment_weight: number;
                            /** @description The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_policy: {
                                /** @description `required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not. */
                                approval: "none" | "required" | null;
                                /** @description A requested booking not approved within this many minutes is declined (default 1440). 1 to 10080; null: none of its own. */
                                approval_timeout_minutes: number | null;
                                /** @description No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                cancel_cutoff_minutes: number | null;
                                /**
                                 * @description Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.
                                 * @example {
                                 *       "amount": 2000,
                                 *       "currency": "EUR",
                                 *       "hold_minutes": 30
                                 *     }
                                 */
                                deposit: {
                                    /** @description What must be paid, in the currency's minor units (2000 EUR: 20.00 €). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                    /** @description How long the slot is held for the payment: the pending booking expires this many minutes after it is made. */
                                    hold_minutes: number;
                                } | null;
                                /** @description What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge. null: none of its own. */
                                late_cancel_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description What a no-show costs: a `no_show` charge when the booking is marked no_show. null: none of its own. */
                                no_show_fee: {
                                    /** @description In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee). */
                                    amount: number;
                                    /** @description An ISO 4217 code, upper case (EUR, USD, JPY). */
                                    currency: string;
                                } | null;
                                /** @description No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy. 0 to 525600; null: none of its own. */
                                reschedule_cutoff_minutes: number | null;
                            };
                            /** @description Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies. */
                            booking_rules: {
                                /** @description A booking must start at most this many days (of 24 hours) after now. 1 to 730; null: no rule. */
                                max_advance_days: number | null;
                                /** @description At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start. 1 to 1000; null: no rule. */
                                max_per_day: number | null;
                                /** @description At most this many per ISO week (Monday to Sunday, local), counted the same way. 1 to 5000; null: no rule. */
                                max_per_week: number | null;
                                /** @description A booking must start at least this many minutes after now. 0 to 525600; null: no rule. */
                                min_notice_minutes: number | null;
                            };
                            buffer_after_minutes: number;
                            buffer_before_minutes: number;
                            capacity: number;
                            /** Format: date-time */
                            created_at: string;
                            default_location: string | null;
                            /** @description The resource's public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account's). */
                            holidays: {
                                country: string;
                                subdivision: string | null;
                                types: ("public" | "bank" | "school" | "optional" | "observance")[];
                            } | null | "account";
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @enum {string} */
                            object: "resource";
                            reminder_offsets_minutes: number[] | null;
                            status: "active" | "archived";
                            timezone: string;
                            type: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schedule_overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List schedule overrides
         * @description List schedule overrides, newest first.
         *
         *     Keys: secret keys, and restricted keys with `schedules: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Only overrides on or after this date */
                    from_date?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Only overrides of this resource */
                    resource?: string;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    /** @description Only overrides on or before this date */
                    to_date?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date */
                                date: string;
                                id: string;
                                intervals: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "schedule_override";
                                resource: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Replace one local date's hours of a resource
         * @description Replace one local date's hours of a resource ([] closes the day); one per resource and date (409 override_exists)
         *
         *     Keys: secret keys, and restricted keys with `schedules: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date
                         * @description Local date in the resource's time zone
                         */
                        date: string;
                        /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                        intervals: {
                            /**
                             * Format: wall-time
                             * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                             */
                            end: string;
                            location?: string | null;
                            /**
                             * Format: wall-time
                             * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                             */
                            start: string;
                        }[];
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Resource id */
                        resource: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date */
                            date: string;
                            id: string;
                            intervals: {
                                end: string;
                                location: string | null;
                                start: string;
                            }[];
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "schedule_override";
                            resource: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schedule_overrides/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a schedule override
         * @description Keys: secret keys, and restricted keys with `schedules: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date */
                            date: string;
                            id: string;
                            intervals: {
                                end: string;
                                location: string | null;
                                start: string;
                            }[];
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "schedule_override";
                            resource: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a schedule override's intervals or metadata
         * @description Update a schedule override's intervals or metadata; interval changes re-check the resource's future bookings.
         *
         *     Keys: secret keys, and restricted keys with `schedules: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                        intervals?: {
                            /**
                             * Format: wall-time
                             * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                             */
                            end: string;
                            location?: string | null;
                            /**
                             * Format: wall-time
                             * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                             */
                            start: string;
                        }[];
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date */
                            date: string;
                            id: string;
                            intervals: {
                                end: string;
                                location: string | null;
                                start: string;
                            }[];
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "schedule_override";
                            resource: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a schedule override
         * @description Delete a schedule override; re-checks the resource's future bookings.
         *
         *     Keys: secret keys, and restricted keys with `schedules: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List schedules
         * @description List schedules, newest first.
         *
         *     Keys: secret keys, and restricted keys with `schedules: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Only schedules of this resource */
                    resource?: string;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date */
                                effective_from: string;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "schedule";
                                resource: string;
                                /** Format: date-time */
                                updated_at: string;
                                weeks: {
                                    friday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                    monday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                    saturday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                    sunday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                    thursday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                    tuesday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                    wednesday?: {
                                        end: string;
                                        location: string | null;
                                        start: string;
                                    }[];
                                }[];
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a schedule
         * @description Create a schedule (weekly hours in the resource's time zone); re-checks the resource's future bookings.
         *
         *     Keys: secret keys, and restricted keys with `schedules: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date
                         * @description First local date (resource's time zone) the schedule is in force; the latest one on or before a date wins.
                         */
                        effective_from: string;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Resource id */
                        resource: string;
                        /** @description A rotation of 1 to 4 week maps. Week i applies to the Monday-based week that is i weeks (modulo the length) after the week holding effective_from. */
                        weeks: {
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            friday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            monday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            saturday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            sunday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            thursday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            tuesday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            wednesday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date */
                            effective_from: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "schedule";
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            weeks: {
                                friday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                monday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                saturday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                sunday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                thursday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                tuesday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                wednesday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a schedule
         * @description Keys: secret keys, and restricted keys with `schedules: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date */
                            effective_from: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "schedule";
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            weeks: {
                                friday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                monday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                saturday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                sunday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                thursday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                tuesday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                wednesday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a schedule
         * @description Update a schedule; changes to effective_from or weeks re-check the resource's future bookings.
         *
         *     Keys: secret keys, and restricted keys with `schedules: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date
                         * @description First local date (resource's time zone) the schedule is in force; the latest one on or before a date wins.
                         */
                        effective_from?: string;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description A rotation of 1 to 4 week maps. Week i applies to the Monday-based week that is i weeks (modulo the length) after the week holding effective_from. */
                        weeks?: {
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            friday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            monday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            saturday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            sunday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            thursday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            tuesday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                            /** @description Up to 96 non-overlapping intervals; [] or a missing key is a closed day. */
                            wednesday?: {
                                /**
                                 * Format: wall-time
                                 * @description End, after start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                end: string;
                                location?: string | null;
                                /**
                                 * Format: wall-time
                                 * @description Start, HH:MM in the resource's time zone (24:00 only as an end).
                                 */
                                start: string;
                            }[];
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date */
                            effective_from: string;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "schedule";
                            resource: string;
                            /** Format: date-time */
                            updated_at: string;
                            weeks: {
                                friday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                monday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                saturday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                sunday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                thursday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                tuesday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                                wednesday?: {
                                    end: string;
                                    location: string | null;
                                    start: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a schedule
         * @description Delete a schedule; re-checks the resource's future bookings.
         *
         *     Keys: secret keys, and restricted keys with `schedules: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List series
         * @description List series (newest first)
         *
         *     Keys: secret keys, and restricted keys with `series: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    status?: "active" | "ended" | "cancelled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                                conflict_policy: "reject" | "capacity_only" | "allow";
                                /** Format: date-time */
                                created_at: string;
                                ends_before: string | null;
                                generated_until: string | null;
                                horizon_days: number;
                                id: string;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "series";
                                rrule: string;
                                split_from: string | null;
                                split_into: string | null;
                                /** Format: date */
                                start_date: string;
                                start_time: string;
                                status: "active" | "ended" | "cancelled";
                                template: {
                                    metadata: {
                                        [key: string]: string;
                                    } | null;
                                    seats: number | null;
                                    segments: {
                                        buffer_after_minutes: number | null;
                                        buffer_before_minutes: number | null;
                                        /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                        candidate_order: "listed" | "balanced" | "weighted";
                                        duration_minutes: number;
                                        /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                        fairness_period: "day" | "week" | "month";
                                        location: string | null;
                                        offset_minutes: number | null;
                                        quantity: number | null;
                                        resource: string | null;
                                        resources: string[] | null;
                                    }[];
                                };
                                timezone: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a series
         * @description Create a series: every occurrence up to horizon_days ahead is booked at once, in the same transaction.
         *
         *     Each occurrence is a booking made by the same planning code as POST /v1/bookings, under the series’ conflict_policy; an occurrence the policy refuses is skipped (GET /v1/series/{id}/skipped_occurrences) and the series goes on. A malformed or unsupported rrule is 400 parameter_invalid with param "rrule" and a message naming the part. See docs/series.md.
         *
         *     Keys: secret keys, and restricted keys with `series: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "rrule": "FREQ=WEEKLY;BYDAY=MO,WE",
                     *       "start_date": "2027-01-04",
                     *       "start_time": "09:00",
                     *       "timezone": "Europe/Paris",
                     *       "template": {
                     *         "segments": [
                     *           {
                     *             "resource": "res_01m809wbg04f9bssvzxa1m8tjc",
                     *             "duration_minutes": 60
                     *           }
                     *         ],
                     *         "seats": 8,
                     *         "metadata": {
                     *           "class": "yoga-beginners"
                     *         }
                     *       },
                     *       "horizon_days": 90,
                     *       "conflict_policy": "reject",
                     *       "metadata": {
                     *         "teacher": "Ana"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                        conflict_policy?: "reject" | "capacity_only" | "allow";
                        /** @description Occurrences are booked this many days ahead (default 90). */
                        horizon_days?: number;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /**
                         * @description RFC 5545 RRULE without DTSTART: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, COUNT, UNTIL (UTC, inclusive), BYDAY (with ordinals for MONTHLY/YEARLY), BYMONTHDAY, BYMONTH, BYSETPOS, WKST. Expanded in local wall time (docs/series.md).
                         * @example FREQ=WEEKLY;BYDAY=MO,WE
                         * @example FREQ=MONTHLY;BYDAY=-1FR;COUNT=12
                         */
                        rrule: string;
                        /**
                         * Format: date
                         * @description DTSTART’s local date.
                         */
                        start_date: string;
                        /**
                         * @description Local wall time of every occurrence, HH:MM (00:00–23:59).
                         * @example 09:00
                         */
                        start_time: string;
                        /** @description The booking made at each occurrence. Input mirrors output. */
                        template: {
                            metadata?: {
                                [key: string]: string;
                            } | null;
                            seats?: number | null;
                            segments: {
                                buffer_after_minutes?: number | null;
                                buffer_before_minutes?: number | null;
                                /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                candidate_order?: "listed" | "balanced" | "weighted";
                                duration_minutes: number;
                                /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                fairness_period?: "day" | "week" | "month";
                                location?: string | null;
                                offset_minutes?: number | null;
                                quantity?: number | null;
                                /** @description Book this resource at every occurrence. Exactly one of resource or resources. */
                                resource?: string;
                                /** @description Candidates in order of preference: at each occurrence the first that fits is booked. */
                                resources?: string[];
                            }[];
                        };
                        /** @description IANA zone of the rule; default: the account's. */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            /** Format: date-time */
                            created_at: string;
                            ends_before: string | null;
                            generated_until: string | null;
                            horizon_days: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "series";
                            rrule: string;
                            split_from: string | null;
                            split_into: string | null;
                            /** Format: date */
                            start_date: string;
                            start_time: string;
                            status: "active" | "ended" | "cancelled";
                            template: {
                                metadata: {
                                    [key: string]: string;
                                } | null;
                                seats: number | null;
                                segments: {
                                    buffer_after_minutes: number | null;
                                    buffer_before_minutes: number | null;
                                    /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                    candidate_order: "listed" | "balanced" | "weighted";
                                    duration_minutes: number;
                                    /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                    fairness_period: "day" | "week" | "month";
                                    location: string | null;
                                    offset_minutes: number | null;
                                    quantity: number | null;
                                    resource: string | null;
                                    resources: string[] | null;
                                }[];
                            };
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a series
         * @description Keys: secret keys, and restricted keys with `series: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            /** Format: date-time */
                            created_at: string;
                            ends_before: string | null;
                            generated_until: string | null;
                            horizon_days: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "series";
                            rrule: string;
                            split_from: string | null;
                            split_into: string | null;
                            /** Format: date */
                            start_date: string;
                            start_time: string;
                            status: "active" | "ended" | "cancelled";
                            template: {
                                metadata: {
                                    [key: string]: string;
                                } | null;
                                seats: number | null;
                                segments: {
                                    buffer_after_minutes: number | null;
                                    buffer_before_minutes: number | null;
                                    /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                    candidate_order: "listed" | "balanced" | "weighted";
                                    duration_minutes: number;
                                    /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                    fairness_period: "day" | "week" | "month";
                                    location: string | null;
                                    offset_minutes: number | null;
                                    quantity: number | null;
                                    resource: string | null;
                                    resources: string[] | null;
                                }[];
                            };
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a series
         * @description Update a series: horizon_days and metadata in place; rrule, start_time, template and conflict_policy from `from`.
         *
         *     Generated occurrences starting at or after `from` (default now) are cancelled (cancellation_reason "series_updated") and generated again; occurrences cancelled or rescheduled by hand are never generated again. on_conflict "fail": 409 booking_conflict listing the conflicts of every refused occurrence (each with occurrence_key and start), and nothing changes.
         *
         *     Keys: secret keys, and restricted keys with `series: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                        conflict_policy?: "reject" | "capacity_only" | "allow";
                        /**
                         * Format: date-time
                         * @description rrule, start_time, template and conflict_policy apply from this instant (default now; a past one counts as now).
                         */
                        from?: string;
                        /** @description Occurrences are booked this many days ahead (default 90). */
                        horizon_days?: number;
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description `skip` (default): occurrences that conflict are skipped. `fail`: 409 booking_conflict listing them, and nothing changes. */
                        on_conflict?: "skip" | "fail";
                        /**
                         * @description RFC 5545 RRULE without DTSTART: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, COUNT, UNTIL (UTC, inclusive), BYDAY (with ordinals for MONTHLY/YEARLY), BYMONTHDAY, BYMONTH, BYSETPOS, WKST. Expanded in local wall time (docs/series.md).
                         * @example FREQ=WEEKLY;BYDAY=MO,WE
                         * @example FREQ=MONTHLY;BYDAY=-1FR;COUNT=12
                         */
                        rrule?: string;
                        /**
                         * @description Local wall time of every occurrence, HH:MM (00:00–23:59).
                         * @example 09:00
                         */
                        start_time?: string;
                        /** @description The booking made at each occurrence. Input mirrors output. */
                        template?: {
                            metadata?: {
                                [key: string]: string;
                            } | null;
                            seats?: number | null;
                            segments: {
                                buffer_after_minutes?: number | null;
                                buffer_before_minutes?: number | null;
                                /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                candidate_order?: "listed" | "balanced" | "weighted";
                                duration_minutes: number;
                                /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                fairness_period?: "day" | "week" | "month";
                                location?: string | null;
                                offset_minutes?: number | null;
                                quantity?: number | null;
                                /** @description Book this resource at every occurrence. Exactly one of resource or resources. */
                                resource?: string;
                                /** @description Candidates in order of preference: at each occurrence the first that fits is booked. */
                                resources?: string[];
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            /** Format: date-time */
                            created_at: string;
                            ends_before: string | null;
                            generated_until: string | null;
                            horizon_days: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "series";
                            rrule: string;
                            split_from: string | null;
                            split_into: string | null;
                            /** Format: date */
                            start_date: string;
                            start_time: string;
                            status: "active" | "ended" | "cancelled";
                            template: {
                                metadata: {
                                    [key: string]: string;
                                } | null;
                                seats: number | null;
                                segments: {
                                    buffer_after_minutes: number | null;
                                    buffer_before_minutes: number | null;
                                    /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                    candidate_order: "listed" | "balanced" | "weighted";
                                    duration_minutes: number;
                                    /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                    fairness_period: "day" | "week" | "month";
                                    location: string | null;
                                    offset_minutes: number | null;
                                    quantity: number | null;
                                    resource: string | null;
                                    resources: string[] | null;
                                }[];
                            };
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a series
         * @description Cancel a series: all of it (no `from`, or a past one), or its occurrences from a future `from` (ends_before = from)
         *
         *     Keys: secret keys, and restricted keys with `series: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "from": "2027-06-01T00:00:00Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Cancel occurrences from this instant; absent or not in the future: the whole series.
                         */
                        from?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            /** Format: date-time */
                            created_at: string;
                            ends_before: string | null;
                            generated_until: string | null;
                            horizon_days: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "series";
                            rrule: string;
                            split_from: string | null;
                            split_into: string | null;
                            /** Format: date */
                            start_date: string;
                            start_time: string;
                            status: "active" | "ended" | "cancelled";
                            template: {
                                metadata: {
                                    [key: string]: string;
                                } | null;
                                seats: number | null;
                                segments: {
                                    buffer_after_minutes: number | null;
                                    buffer_before_minutes: number | null;
                                    /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                    candidate_order: "listed" | "balanced" | "weighted";
                                    duration_minutes: number;
                                    /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                    fairness_period: "day" | "week" | "month";
                                    location: string | null;
                                    offset_minutes: number | null;
                                    quantity: number | null;
                                    resource: string | null;
                                    resources: string[] | null;
                                }[];
                            };
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series/{id}/skipped_occurrences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Occurrences the series’ conflict policy refused
         * @description Occurrences the series’ conflict policy refused, with their conflicts (by start; at most 1000)
         *
         *     Keys: secret keys, and restricted keys with `series: read` (or write); others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                conflicts: {
                                    /** @description On `blocked` by busy time of a calendar feed: the feed. */
                                    calendar_feed?: string;
                                    candidates?: {
                                        reason: string;
                                        resource: string;
                                    }[];
                                    /** @description On `blocked` by busy time of a calendar feed: the event's UID. */
                                    event_uid?: string;
                                    /** @description On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays). */
                                    holiday?: {
                                        /** Format: date */
                                        date: string;
                                        name: string;
                                        rule: string;
                                    };
                                    /** @description Rule conflicts: the limit of that rule. */
                                    limit?: number;
                                    message: string;
                                    /** @description outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule). */
                                    reason: string;
                                    resource: string | null;
                                    /** @description Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week. */
                                    rule?: string;
                                    segment: number;
                                }[];
                                /** Format: date-time */
                                end: string;
                                /** @enum {string} */
                                object: "skipped_occurrence";
                                /** @description Local start at the rule’s wall time, e.g. 2027-03-14T09:00. */
                                occurrence_key: string;
                                series: string;
                                /** Format: date-time */
                                start: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series/{id}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a series
         * @description Split a series at `at`: it ends before `at`, a new series (returned) takes over from `at` with the given changes.
         *
         *     The old series gets ends_before = at and split_into; its occurrences from `at` are cancelled (cancellation_reason "series_split"). The new series has split_from, keeps the old start_date (so an unchanged rule keeps its cadence and COUNT) and begins at `at`.
         *
         *     Keys: secret keys, and restricted keys with `series: write`; others get 403 permission_denied. A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "at": "2027-03-01T00:00:00Z",
                     *       "start_time": "18:00"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The new series takes over from this instant (in the future).
                         */
                        at: string;
                        /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                        conflict_policy?: "reject" | "capacity_only" | "allow";
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /**
                         * @description RFC 5545 RRULE without DTSTART: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, COUNT, UNTIL (UTC, inclusive), BYDAY (with ordinals for MONTHLY/YEARLY), BYMONTHDAY, BYMONTH, BYSETPOS, WKST. Expanded in local wall time (docs/series.md).
                         * @example FREQ=WEEKLY;BYDAY=MO,WE
                         * @example FREQ=MONTHLY;BYDAY=-1FR;COUNT=12
                         */
                        rrule?: string;
                        /**
                         * @description Local wall time of every occurrence, HH:MM (00:00–23:59).
                         * @example 09:00
                         */
                        start_time?: string;
                        /** @description The booking made at each occurrence. Input mirrors output. */
                        template?: {
                            metadata?: {
                                [key: string]: string;
                            } | null;
                            seats?: number | null;
                            segments: {
                                buffer_after_minutes?: number | null;
                                buffer_before_minutes?: number | null;
                                /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                candidate_order?: "listed" | "balanced" | "weighted";
                                duration_minutes: number;
                                /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                fairness_period?: "day" | "week" | "month";
                                location?: string | null;
                                offset_minutes?: number | null;
                                quantity?: number | null;
                                /** @description Book this resource at every occurrence. Exactly one of resource or resources. */
                                resource?: string;
                                /** @description Candidates in order of preference: at each occurrence the first that fits is booked. */
                                resources?: string[];
                            }[];
                        };
                        /** @description IANA zone of the rule; default: the account's. */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else. */
                            conflict_policy: "reject" | "capacity_only" | "allow";
                            /** Format: date-time */
                            created_at: string;
                            ends_before: string | null;
                            generated_until: string | null;
                            horizon_days: number;
                            id: string;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "series";
                            rrule: string;
                            split_from: string | null;
                            split_into: string | null;
                            /** Format: date */
                            start_date: string;
                            start_time: string;
                            status: "active" | "ended" | "cancelled";
                            template: {
                                metadata: {
                                    [key: string]: string;
                                } | null;
                                seats: number | null;
                                segments: {
                                    buffer_after_minutes: number | null;
                                    buffer_before_minutes: number | null;
                                    /** @description How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level's bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates). */
                                    candidate_order: "listed" | "balanced" | "weighted";
                                    duration_minutes: number;
                                    /** @description Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`. */
                                    fairness_period: "day" | "week" | "month";
                                    location: string | null;
                                    offset_minutes: number | null;
                                    quantity: number | null;
                                    resource: string | null;
                                    resources: string[] | null;
                                }[];
                            };
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One month of the platform's usage in the key's mode
         * @description Counters are written as the service runs (docs/usage.md). The current month moves; a closed month whose statement was issued answers with the statement, which never changes. Request counts reach the counters within a few seconds.
         *
         *     Keys: secret keys, and restricted keys with `usage: read` (or write); others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        get: {
            parameters: {
                query?: {
                    /** @description A month as YYYY-MM; default: the current UTC month. Anything else: 400 with param `period`. */
                    period?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Each account with usage in the period, by account id; deleted accounts stay listed. */
                            accounts: {
                                account: string;
                                /** @description Accounts that existed at any time in the period (1 or 0 per account). */
                                active_accounts: number;
                                /** @description Resources that were active (not archived, not deleted) at any time in the period. */
                                active_resources: number;
                                /** @description Requests authenticated with a key of the platform in this mode, except those refused with 429. */
                                api_requests: number;
                                /** @description Bookings created in the period: create, reschedule (the new booking), import, series occurrences. */
                                bookings_created: number;
                                /** @description Webhook deliveries created: one per event and subscribed endpoint, and the new ones a resend creates (retries do not count). */
                                webhook_deliveries: number;
                            }[];
                            livemode: boolean;
                            /** @enum {string} */
                            object: "usage_summary";
                            /** @description The month, YYYY-MM (UTC). */
                            period: string;
                            /**
                             * Format: date-time
                             * @description End of the month, exclusive: 00:00 UTC on the first day of the next month.
                             */
                            period_end: string;
                            /**
                             * Format: date-time
                             * @description Start of the month, 00:00 UTC on its first day.
                             */
                            period_start: string;
                            /** @description The platform's counters in this mode: the accounts' counters added up, plus requests and deliveries that belong to no account. */
                            totals: {
                                /** @description Accounts that existed at any time in the period (1 or 0 per account). */
                                active_accounts: number;
                                /** @description Resources that were active (not archived, not deleted) at any time in the period. */
                                active_resources: number;
                                /** @description Requests authenticated with a key of the platform in this mode, except those refused with 429. */
                                api_requests: number;
                                /** @description Bookings created in the period: create, reschedule (the new booking), import, series occurrences. */
                                bookings_created: number;
                                /** @description Webhook deliveries created: one per event and subscribed endpoint, and the new ones a resend creates (retries do not count). */
                                webhook_deliveries: number;
                            };
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Monthly usage statements
         * @description Monthly usage statements, newest month first.
         *
         *     One statement per closed month, from the first month with usage, issued by a background worker a few minutes after the month ends (docs/usage.md). A statement never changes once issued.
         *
         *     Keys: secret keys, and restricted keys with `usage: read` (or write); others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Each account with usage in the period, by account id; deleted accounts stay listed. */
                                accounts: {
                                    account: string;
                                    /** @description Accounts that existed at any time in the period (1 or 0 per account). */
                                    active_accounts: number;
                                    /** @description Resources that were active (not archived, not deleted) at any time in the period. */
                                    active_resources: number;
                                    /** @description Requests authenticated with a key of the platform in this mode, except those refused with 429. */
                                    api_requests: number;
                                    /** @description Bookings created in the period: create, reschedule (the new booking), import, series occurrences. */
                                    bookings_created: number;
                                    /** @description Webhook deliveries created: one per event and subscribed endpoint, and the new ones a resend creates (retries do not count). */
                                    webhook_deliveries: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description When the statement was issued, after the month closed.
                                 */
                                created_at: string;
                                id: string;
                                livemode: boolean;
                                /** @enum {string} */
                                object: "usage_statement";
                                /** @description The month, YYYY-MM (UTC). */
                                period: string;
                                /**
                                 * Format: date-time
                                 * @description End of the month, exclusive: 00:00 UTC on the first day of the next month.
                                 */
                                period_end: string;
                                /**
                                 * Format: date-time
                                 * @description Start of the month, 00:00 UTC on its first day.
                                 */
                                period_start: string;
                                /** @description The platform's counters in this mode: the accounts' counters added up, plus requests and deliveries that belong to no account. */
                                totals: {
                                    /** @description Accounts that existed at any time in the period (1 or 0 per account). */
                                    active_accounts: number;
                                    /** @description Resources that were active (not archived, not deleted) at any time in the period. */
                                    active_resources: number;
                                    /** @description Requests authenticated with a key of the platform in this mode, except those refused with 429. */
                                    api_requests: number;
                                    /** @description Bookings created in the period: create, reschedule (the new booking), import, series occurrences. */
                                    bookings_created: number;
                                    /** @description Webhook deliveries created: one per event and subscribed endpoint, and the new ones a resend creates (retries do not count). */
                                    webhook_deliveries: number;
                                };
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description List webhook endpoints, newest first.
         *
         *     Keys: secret keys, and restricted keys with `webhook_endpoints: read` (or write); others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                api_version: string;
                                consecutive_failures: number;
                                /** Format: date-time */
                                created_at: string;
                                description: string | null;
                                disabled_at: string | null;
                                disabled_reason: ("manual" | "failing") | null;
                                enabled_events: string[];
                                failing_since: string | null;
                                id: string;
                                last_success_at: string | null;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                /** @description `whsec_` + base64 of 32 random bytes. Returned only by create. */
                                secret?: string;
                                status: "enabled" | "disabled";
                                /** Format: date-time */
                                updated_at: string;
                                url: string;
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Create a webhook endpoint (the response carries its signing secret, shown only this once)
         *
         *     At most 16 endpoints per platform and mode: a 17th is 400 parameter_invalid. Each endpoint is delivered to in a lane of its own: at most 16 attempts in flight, 1 while its last attempt failed (docs/webhooks.md#delivery-lanes).
         *
         *     Keys: secret keys, and restricted keys with `webhook_endpoints: write`; others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version events are rendered in (2026-05-01, 2026-10-16, 2026-12-01, 2027-01-10, 2027-02-01, 2027-02-15, 2027-03-01, 2027-03-15, 2027-04-01, 2027-04-15, 2027-05-01); default: the platform's. */
                        api_version?: string;
                        description?: string | null;
                        /** @description Exact event types, prefixes such as 'booking.*', or '*'. */
                        enabled_events: string[];
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Where events are POSTed. Live mode needs https; destinations that are not globally reachable (private, loopback, link-local and the other blocks of the IANA special-purpose address registries, site-local, multicast) are refused unless the operator allows them. */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_version: string;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            failing_since: string | null;
                            id: string;
                            last_success_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description `whsec_` + base64 of 32 random bytes. Returned only by create. */
                            secret?: string;
                            status: "enabled" | "disabled";
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description Keys: secret keys, and restricted keys with `webhook_endpoints: read` (or write); others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_version: string;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            failing_since: string | null;
                            id: string;
                            last_success_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description `whsec_` + base64 of 32 random bytes. Returned only by create. */
                            secret?: string;
                            status: "enabled" | "disabled";
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update a webhook endpoint
         * @description Update a webhook endpoint; `disabled: true` disables it (reason manual), `disabled: false` enables it and resets its failure count.
         *
         *     Keys: secret keys, and restricted keys with `webhook_endpoints: write`; others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version events are rendered in (2026-05-01, 2026-10-16, 2026-12-01, 2027-01-10, 2027-02-01, 2027-02-15, 2027-03-01, 2027-03-15, 2027-04-01, 2027-04-15, 2027-05-01); default: the platform's. */
                        api_version?: string;
                        description?: string | null;
                        disabled?: boolean;
                        /** @description Exact event types, prefixes such as 'booking.*', or '*'. */
                        enabled_events?: string[];
                        /** @description Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key. */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Where events are POSTed. Live mode needs https; destinations that are not globally reachable (private, loopback, link-local and the other blocks of the IANA special-purpose address registries, site-local, multicast) are refused unless the operator allows them. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_version: string;
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            failing_since: string | null;
                            id: string;
                            last_success_at: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description `whsec_` + base64 of 32 random bytes. Returned only by create. */
                            secret?: string;
                            status: "enabled" | "disabled";
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete a webhook endpoint and its pending deliveries
         * @description Keys: secret keys, and restricted keys with `webhook_endpoints: write`; others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            object: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the deliveries of an endpoint
         * @description List the deliveries of an endpoint, newest first.
         *
         *     Keys: secret keys, and restricted keys with `webhook_endpoints: read` (or write); others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: return the page before this object id. */
                    ending_before?: string;
                    /** @description Page size, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: return the page after this object id. */
                    starting_after?: string;
                    /** @description pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted). */
                    status?: "pending" | "sending" | "succeeded" | "failed";
                };
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attempts: number;
                                /** Format: date-time */
                                created_at: string;
                                endpoint: string;
                                event: string;
                                event_type: string | null;
                                id: string;
                                last_attempt_at: string | null;
                                last_error: string | null;
                                last_response_status: number | null;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                next_attempt_at: string | null;
                                /** @enum {string} */
                                object: "webhook_delivery";
                                recent_attempts: {
                                    /** Format: date-time */
                                    attempted_at: string;
                                    duration_ms: number;
                                    error: string | null;
                                    response_status: number | null;
                                }[];
                                resent_at: string | null;
                                /** @description pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted). */
                                status: "pending" | "sending" | "succeeded" | "failed";
                            }[];
                            has_more: boolean;
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Catch up an endpoint over a window of events
         * @description Catch up an endpoint over a window of events (default: the last 30 days): failed deliveries are requeued, waiting ones expedited, missing ones queued; at most 1000 per call.
         *
         *     Keys: secret keys, and restricted keys with `webhook_endpoints: write`; others get 403 permission_denied. A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Object id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Events created at or after (default: 30 days ago)
                         */
                        since?: string;
                        /**
                         * Format: date-time
                         * @description Events created at or before (default: now)
                         */
                        until?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            endpoint: string;
                            expedited: number;
                            has_more: boolean;
                            livemode: boolean;
                            note?: string;
                            /** @enum {string} */
                            object: "webhook_resend";
                            queued: number;
                            requeued: number;
                            /** Format: date-time */
                            since: string;
                            /** Format: date-time */
                            until: string;
                        };
                    };
                };
                /** @description An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors). */
                default: {
                    headers: {
                        /** @description The id of this request (also in error bodies and logs). */
                        "Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /** @description A stable code, e.g. parameter_invalid, resource_missing, booking_conflict. `database_unavailable` (503, type api_error, with `Retry-After`): the database, or the node of a cluster holding this data, cannot be reached, or a statement waited out the statement timeout (rows held by a transaction that has not ended); nothing was changed, and the same request can be sent again. */
                code: string;
                message: string;
                /** @description The offending field in bracket form (`segments[0].end`, `metadata[color]`), a header name, or null. */
                param: string | null;
                request_id: string;
                /** @description invalid_request_error, idempotency_error, authentication_error, permission_error, conflict_error, rate_limit_error or api_error. */
                type: string;
            } & {
                [key: string]: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
