import LCTraceCore
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_795_168_800_000_000_000, "2026-11-20T10:00:00.000Z"),
        (1_795_168_801_500_000_000, "2026-11-20T10:00:01.500Z"),
        (1_795_168_801_000_250_000, "2026-11-20T10:00:01.000250Z"),
        (1_795_168_801_000_000_007, "2026-11-20T10:00:01.000000007Z"),
        (-1_000_000_000, "1969-12-31T23:59:59.000Z"),
        (951_782_400_000_000_000, "2000-02-29T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999999999Z"),
        (Int64.max, "2262-04-11T23:47:16.854775807Z"),
        (Int64.min, "1677-09-21T00:12:43.145224192Z"),
    ])
    func formatsRFC3339(nanos: Int64, text: String) {
        #expect(Timestamp(nanoseconds: nanos).rfc3339 == text)
    }

    @Test func civilDateRoundTrips() {
        for day in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (y, m, d) = CivilDate.fromDays(day)
            #expect(CivilDate.days(year: y, month: m, day: d) == day)
            #expect((1...12).contains(m))
            #expect(d >= 1 && d <= CivilDate.daysInMonth(year: y, month: m))
        }
    }

    @Test func secondsConversionRejectsNonFinite() {
        #expect(Timestamp(seconds: .nan) == nil)
        #expect(Timestamp(seconds: .infinity) == nil)
        #expect(Timestamp(seconds: 1e12) == nil)
        #expect(Timestamp(seconds: 1.5)?.nanoseconds == 1_500_000_000)
    }
}

@Suite struct RuleTests {
    @Test func idsAndNamesAreUniqueAndLookedUp() {
        #expect(Set(Rule.allCases.map(\.name)).count == Rule.allCases.count)
        for rule in Rule.allCases {
            #expect(Rule(idOrName: rule.id) == rule)
            #expect(Rule(idOrName: rule.id.lowercased()) == rule)
            #expect(Rule(idOrName: rule.name) == rule)
        }
        #expect(Rule(idOrName: "LC999") == nil)
    }

    @Test func eventSpellingsAreUnambiguous() {
        let names = LifecycleEvent.allSpellings.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(LifecycleEvent(name: "applicationDidBecomeActive:") == .didBecomeActive)
        #expect(LifecycleEvent(name: "OnResignActivation") == .willResignActive)
        #expect(LifecycleEvent(name: "sceneDidEnterBackground:") == .sceneDidEnterBackground)
        #expect(LifecycleEvent(name: "app.unknownThing") == nil)
    }
}
