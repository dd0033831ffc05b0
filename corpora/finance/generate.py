"""Generate the PDFs of the ``finance`` corpus with fpdf2.

The documents are modelled on real personal-finance paperwork (a Form 1040-style return, an
alarm-monitoring bill, a bank statement, insurance declarations, ...) with the layouts that make
retrieval and grading hard: numbered lines, tables of competing figures, several pages, fees next
to large transfers, exclusions written as "not covered". Every name, number and account is
invented. The PDFs are committed; run this only to change them:

    .venv/bin/python corpora/finance/generate.py

Output is deterministic (fixed creation dates), so regenerating unchanged facts changes no bytes.

Why one file: a script run by hand to remake the committed PDFs, imported by nothing: one function
per document, each laying out its own invented facts and independent of the others, and the `Paper`
they draw with. A document is read in its function alone; a split would be by count, not by job.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

DOCS = Path(__file__).resolve().parent / "docs"
CREATED = datetime(2024, 4, 1, 9, 0, 0, tzinfo=UTC)


class Paper(FPDF):
    """A letter-size document with a masthead and "Page n of N" footer."""

    def __init__(self, masthead: str, subtitle: str = "") -> None:
        super().__init__(format="letter", unit="pt")
        self.masthead = masthead
        self.subtitle = subtitle
        self.set_creation_date(CREATED)
        self.set_auto_page_break(auto=True, margin=54)
        self.set_margins(54, 54, 54)
        self.alias_nb_pages()

    def header(self) -> None:
        self.set_font("Helvetica", "B", 15)
        self.cell(0, 18, self.masthead, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        if self.subtitle:
            self.set_font("Helvetica", "", 9)
            self.cell(0, 12, self.subtitle, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.line(54, self.get_y() + 3, self.w - 54, self.get_y() + 3)
        self.ln(10)

    def footer(self) -> None:
        self.set_y(-40)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 10, f"Page {self.page_no()} of {{nb}}", align="C")

    # --- building blocks ---

    def heading(self, text: str) -> None:
        self.ln(4)
        self.set_font("Helvetica", "B", 11)
        self.cell(0, 15, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_font("Helvetica", "", 9.5)

    def para(self, text: str) -> None:
        self.set_font("Helvetica", "", 9.5)
        self.multi_cell(0, 12.5, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(3)

    def pairs(self, rows: Sequence[tuple[str, str]], label_width: float = 220) -> None:
        self.set_font("Helvetica", "", 9.5)
        for label, value in rows:
            self.cell(label_width, 14, label)
            self.cell(0, 14, value, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(3)

    def grid(
        self,
        head: Sequence[str],
        rows: Sequence[Sequence[str]],
        widths: Sequence[int] | None = None,
    ) -> None:
        self.set_font("Helvetica", "", 9)
        with self.table(
            col_widths=widths, text_align="LEFT", line_height=13, first_row_as_headings=True
        ) as table:
            table.row(head)
            for row in rows:
                table.row(row)
        self.ln(6)

    def form_lines(self, rows: Sequence[tuple[str, str, str]]) -> None:
        """Numbered form lines: (line number, description, amount right-aligned)."""
        self.set_font("Helvetica", "", 9.5)
        for number, text, amount in rows:
            self.set_font("Helvetica", "B", 9.5)
            self.cell(34, 15, number)
            self.set_font("Helvetica", "", 9.5)
            self.cell(self.w - 108 - 34 - 90, 15, text)
            self.cell(90, 15, amount, align="R", border="B", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def form_1040() -> Paper:
    pdf = Paper(
        "Form 1040  U.S. Individual Income Tax Return  2023",
        "Department of the Treasury - Internal Revenue Service   OMB No. 1545-0074",
    )
    pdf.add_page()
    pdf.pairs(
        [
            ("Filing status", "Married filing jointly"),
            ("Your first name and middle initial / last name", "Jordan A. Rivera"),
            ("If joint return, spouse's name", "Casey M. Rivera"),
            ("Home address", "4128 Larkspur Lane, Dayton, OH 45419"),
            ("Digital assets", "No"),
        ]
    )
    pdf.heading("Income")
    pdf.form_lines(
        [
            ("1a", "Total amount from Form(s) W-2, box 1", "236,900"),
            ("2b", "Taxable interest", "1,284"),
            ("3b", "Ordinary dividends", "2,310"),
            ("7", "Capital gain or (loss)", "4,106"),
            ("8", "Additional income from Schedule 1, line 10", "0"),
            (
                "9",
                "Add lines 1z, 2b, 3b, 4b, 5b, 6b, 7, and 8. This is your total income",
                "244,600",
            ),
            ("10", "Adjustments to income from Schedule 1, line 26", "3,850"),
            ("11", "Subtract line 10 from line 9. This is your adjusted gross income", "240,750"),
            ("12", "Standard deduction or itemized deductions (from Schedule A)", "27,700"),
            ("14", "Add lines 12 and 13", "27,700"),
            ("15", "Subtract line 14 from line 11. This is your taxable income", "213,050"),
        ]
    )
    pdf.add_page()
    pdf.heading("Tax and Credits")
    pdf.form_lines(
        [
            ("16", "Tax (see instructions)", "37,738"),
            ("19", "Child tax credit or credit for other dependents from Schedule 8812", "4,000"),
            ("22", "Subtract line 21 from line 18", "33,738"),
            (
                "23",
                "Other taxes, including self-employment tax, from Schedule 2, line 21",
                "27,784",
            ),
            ("24", "Add lines 22 and 23. This is your total tax", "61,522"),
        ]
    )
    pdf.heading("Payments")
    pdf.form_lines(
        [
            ("25a", "Federal income tax withheld from Form(s) W-2", "17,200"),
            ("26", "2023 estimated tax payments and amount applied from 2022 return", "0"),
            ("33", "Add lines 25d, 26, and 32. These are your total payments", "17,200"),
        ]
    )
    pdf.heading("Refund")
    pdf.form_lines(
        [
            ("34", "If line 33 is more than line 24, subtract line 24 from line 33", "0"),
            ("35a", "Amount of line 34 you want refunded to you", "0"),
        ]
    )
    pdf.heading("Amount You Owe")
    pdf.form_lines(
        [
            ("37", "Subtract line 33 from line 24. This is the amount you owe", "44,322"),
            ("38", "Estimated tax penalty (see instructions)", "0"),
        ]
    )
    pdf.ln(8)
    pdf.para(
        "Third Party Designee: No. Sign Here: Under penalties of perjury, we declare that we "
        "have examined this return and accompanying schedules and statements. Your "
        "occupation: Software engineer. Spouse's occupation: Physical therapist. "
        "Paid preparer: Self-prepared."
    )
    return pdf


def alarm_bill() -> Paper:
    pdf = Paper(
        "SafeHaven Home Security", "Monitoring Services Statement   Customer care 1-800-555-0199"
    )
    pdf.add_page()
    pdf.pairs(
        [
            ("Account number", "7731-0042-5588"),
            ("Service address", "4128 Larkspur Lane, Dayton, OH 45419"),
            ("Statement date", "March 22, 2024"),
            ("Billing period", "Apr 01, 2024 - Apr 30, 2024"),
            ("Payment due date", "April 15, 2024"),
        ]
    )
    pdf.heading("Account Summary")
    pdf.grid(
        ["Item", "Amount"],
        [
            ["Previous balance", "$26.99"],
            ["Payment received 02/20/2024 - thank you", "-$26.99"],
            ["Monthly monitoring (Premium Plus)", "$39.99"],
            ["Equipment lease - smart hub", "$3.00"],
            ["Ending balance", "$42.99"],
            ["Amount due", "$42.99"],
        ],
        widths=[300, 120],
    )
    pdf.para(
        "Your previous monthly rate was $26.99. Effective with this statement your plan was "
        "upgraded to Premium Plus monitoring at $39.99 per month plus the equipment lease. "
        "Autopay is not enrolled: please pay the amount due by the due date to avoid a late "
        "fee of $5.00."
    )
    pdf.add_page()
    pdf.heading("Service Details")
    pdf.grid(
        ["Service", "Zone", "Status"],
        [
            ["Burglary monitoring", "Zones 1-6", "Active"],
            ["Fire and smoke monitoring", "Zone 7", "Active"],
            ["Video verification", "2 cameras", "Active"],
            ["Cellular backup", "LTE", "Active"],
        ],
        widths=[200, 120, 100],
    )
    pdf.para(
        "Emergency contacts on file: 2. Your monitoring certificate for homeowners insurance "
        "discounts is available on request. Remit payment to SafeHaven Home Security, "
        "PO Box 80417, Columbus, OH 43218."
    )
    return pdf


def utility_bill() -> Paper:
    pdf = Paper("Miami Valley Power & Gas", "Residential Electric and Natural Gas Bill")
    pdf.add_page()
    pdf.pairs(
        [
            ("Account number", "100 447 2291 3"),
            ("Bill date", "February 9, 2024"),
            ("Service period", "Jan 05, 2024 to Feb 05, 2024 (31 days)"),
            ("Amount due", "$118.40"),
            ("Due date", "March 1, 2024"),
        ]
    )
    pdf.heading("Electric Service")
    pdf.grid(
        ["Meter", "Previous read", "Current read", "Usage"],
        [
            ["E-55120", "48,211", "48,903", "692 kWh"],
        ],
        widths=[100, 110, 110, 100],
    )
    pdf.grid(
        ["Charge", "Amount"],
        [
            ["Customer charge", "$10.50"],
            ["Distribution 692 kWh x $0.05124", "$35.46"],
            ["Generation 692 kWh x $0.07310", "$50.59"],
            ["Total electric charges", "$96.55"],
        ],
        widths=[300, 120],
    )
    pdf.heading("Natural Gas Service")
    pdf.grid(
        ["Charge", "Amount"],
        [
            ["Gas customer charge", "$8.25"],
            ["Gas usage 14 CCF", "$13.60"],
            ["Total gas charges", "$21.85"],
        ],
        widths=[300, 120],
    )
    pdf.para(
        "Total current charges $118.40. Previous balance $104.12, payment received "
        "January 28 -$104.12. Average daily electric use this period: 22.3 kWh; same period "
        "last year: 25.1 kWh."
    )
    return pdf


def bank_statement() -> Paper:
    pdf = Paper(
        "Buckeye Federal Credit Union", "Checking and Savings Statement   Member since 2011"
    )
    pdf.add_page()
    pdf.pairs(
        [
            ("Member", "Jordan A. Rivera"),
            ("Statement period", "March 1, 2024 - March 31, 2024"),
            ("Checking account", "Everyday Checking ...4471"),
            ("Savings account", "Share Savings ...9902"),
        ]
    )
    pdf.heading("Everyday Checking ...4471 - Summary")
    pdf.grid(
        ["", "Amount"],
        [
            ["Beginning balance 03/01", "$11,846.52"],
            ["Deposits and credits", "$6,508.22"],
            ["Withdrawals and debits", "-$17,154.74"],
            ["Ending balance 03/31", "$1,200.00"],
        ],
        widths=[300, 120],
    )
    pdf.heading("Transactions")
    pdf.grid(
        ["Date", "Description", "Amount", "Balance"],
        [
            ["03/01", "Direct deposit - NORTHWIND LABS PAYROLL", "$3,254.11", "$15,100.63"],
            ["03/04", "Check 1187", "-$1,450.00", "$13,650.63"],
            ["03/06", "SafeHaven Home Security ACH", "-$26.99", "$13,623.64"],
            ["03/11", "Miami Valley Power & Gas", "-$118.40", "$13,505.24"],
            ["03/14", "Online transfer to Share Savings ...9902", "-$10,020.00", "$3,485.24"],
            ["03/14", "Overdraft fee - item presented on 03/14", "-$20.00", "$3,465.24"],
            ["03/15", "Direct deposit - NORTHWIND LABS PAYROLL", "$3,254.11", "$6,719.35"],
            ["03/18", "Lakeshore Mortgage Servicing", "-$2,871.44", "$3,847.91"],
        ],
        widths=[50, 230, 80, 80],
    )
    pdf.add_page()
    pdf.heading("Transactions (continued)")
    pdf.grid(
        ["Date", "Description", "Amount", "Balance"],
        [
            ["03/20", "Card purchase - Kroger #512", "-$187.33", "$3,660.58"],
            ["03/22", "Visa Card payment ...8830", "-$1,250.00", "$2,410.58"],
            ["03/25", "Card purchase - Speedway 4471", "-$52.16", "$2,358.42"],
            ["03/27", "Check 1188", "-$1,158.42", "$1,200.00"],
            ["03/31", "Monthly service fee (waived: direct deposit)", "$0.00", "$1,200.00"],
        ],
        widths=[50, 230, 80, 80],
    )
    pdf.heading("Share Savings ...9902 - Summary")
    pdf.grid(
        ["", "Amount"],
        [
            ["Beginning balance 03/01", "$24,380.15"],
            ["Transfer from checking 03/14", "$10,020.00"],
            ["Dividends earned", "$0.42"],
            ["Ending balance 03/31", "$34,400.57"],
        ],
        widths=[300, 120],
    )
    pdf.para(
        "Annual percentage yield earned 0.02%. Overdraft fees charged this period: $20.00. "
        "Overdraft fees charged year to date: $20.00. Returned item fees this period: $0.00."
    )
    return pdf


def home_insurance() -> Paper:
    pdf = Paper(
        "Great Lakes Mutual Insurance", "Homeowners Policy Declarations (HO-3 Special Form)"
    )
    pdf.add_page()
    pdf.pairs(
        [
            ("Policy number", "HO-5521-77"),
            ("Named insured", "Jordan A. Rivera and Casey M. Rivera"),
            ("Residence premises", "4128 Larkspur Lane, Dayton, OH 45419"),
            ("Policy period", "May 1, 2024 to May 1, 2025, 12:01 a.m. standard time"),
            ("Annual premium", "$1,842.00"),
        ]
    )
    pdf.heading("Section I - Property Coverages and Limits of Liability")
    pdf.grid(
        ["Coverage", "Limit of liability"],
        [
            ["A - Dwelling", "$425,000"],
            ["B - Other structures", "$42,500"],
            ["C - Personal property", "$212,500"],
            ["D - Loss of use", "$85,000"],
        ],
        widths=[260, 160],
    )
    pdf.heading("Section II - Liability Coverages")
    pdf.grid(
        ["Coverage", "Limit of liability"],
        [
            ["E - Personal liability (each occurrence)", "$300,000"],
            ["F - Medical payments to others (each person)", "$5,000"],
        ],
        widths=[260, 160],
    )
    pdf.heading("Deductibles")
    pdf.pairs(
        [
            ("All perils deductible", "$1,000"),
            ("Wind and hail deductible", "2% of Coverage A ($8,500)"),
        ]
    )
    pdf.add_page()
    pdf.heading("Exclusions and Limitations (summary)")
    pdf.para(
        "Flood, surface water and mudflow: not covered. Flood insurance is available "
        "separately through the National Flood Insurance Program."
    )
    pdf.para("Earth movement, including earthquake and sinkhole collapse: not covered.")
    pdf.para(
        "Water back-up of sewers or drains: not covered unless endorsement HO 04 95 is "
        "shown below. Endorsement HO 04 95 is not shown on this policy."
    )
    pdf.para("Jewelry and watches: theft is covered up to a special limit of $1,500 in total.")
    pdf.heading("Endorsements and Discounts")
    pdf.grid(
        ["Form", "Description", "Premium"],
        [
            ["HO 04 90", "Personal property replacement cost", "$96.00"],
            ["HO 04 61", "Scheduled personal property (engagement ring)", "$58.00"],
            ["-", "Monitored alarm discount", "-$92.00"],
            ["-", "Claim-free discount", "-$140.00"],
        ],
        widths=[70, 260, 90],
    )
    return pdf


def credit_card() -> Paper:
    pdf = Paper("Harborline Visa Signature", "Monthly Statement   Account ending 8830")
    pdf.add_page()
    pdf.pairs(
        [
            ("Statement closing date", "April 3, 2024"),
            ("Payment due date", "April 28, 2024"),
            ("New balance", "$2,314.56"),
            ("Minimum payment due", "$35.00"),
            ("Credit limit", "$15,000.00"),
            ("Available credit", "$12,685.44"),
        ]
    )
    pdf.heading("Account Summary")
    pdf.grid(
        ["", "Amount"],
        [
            ["Previous balance", "$1,980.12"],
            ["Payments", "-$1,250.00"],
            ["Other credits", "-$45.10"],
            ["Purchases", "+$1,588.79"],
            ["Fees charged", "+$0.00"],
            ["Interest charged", "+$40.75"],
            ["New balance", "$2,314.56"],
        ],
        widths=[300, 120],
    )
    pdf.para(
        "Late payment warning: if we do not receive your minimum payment by the date listed "
        "above, you may have to pay a late fee of up to $41.00 and your APRs may be "
        "increased up to the Penalty APR of 29.99%."
    )
    pdf.add_page()
    pdf.heading("Transactions")
    pdf.grid(
        ["Date", "Description", "Amount"],
        [
            ["03/06", "DELTA AIR LINES ATLANTA GA", "$612.40"],
            ["03/09", "WHOLE FOODS MKT DAYTON OH", "$143.27"],
            ["03/12", "RETURN - WHOLE FOODS MKT", "-$45.10"],
            ["03/15", "MARRIOTT CHICAGO RIVER NORTH", "$489.22"],
            ["03/22", "PAYMENT THANK YOU", "-$1,250.00"],
            ["03/28", "APPLE.COM/BILL", "$9.99"],
            ["03/30", "BEST BUY 00412", "$333.91"],
        ],
        widths=[60, 280, 90],
    )
    pdf.heading("Interest Charge Calculation")
    pdf.grid(
        ["Type of balance", "APR", "Balance subject to interest rate", "Interest charge"],
        [
            ["Purchases", "24.99% (v)", "$1,984.37", "$40.75"],
            ["Cash advances", "29.49% (v)", "$0.00", "$0.00"],
        ],
        widths=[110, 80, 150, 90],
    )
    return pdf


def wage_statement() -> Paper:
    pdf = Paper(
        "Form W-2  Wage and Tax Statement  2023",
        "Copy B - To Be Filed With Employee's FEDERAL Tax Return",
    )
    pdf.add_page()
    pdf.pairs(
        [
            ("a Employee's social security number", "XXX-XX-4417"),
            ("b Employer identification number (EIN)", "84-2219077"),
            (
                "c Employer's name, address, and ZIP code",
                "Northwind Labs Inc., 200 Main St, Dayton, OH 45402",
            ),
            ("e Employee's name", "Jordan A. Rivera"),
        ],
        label_width=250,
    )
    pdf.heading("Boxes")
    pdf.grid(
        ["Box", "Description", "Amount"],
        [
            ["1", "Wages, tips, other compensation", "$118,450.00"],
            ["2", "Federal income tax withheld", "$11,350.00"],
            ["3", "Social security wages", "$125,000.00"],
            ["4", "Social security tax withheld", "$7,750.00"],
            ["5", "Medicare wages and tips", "$125,000.00"],
            ["6", "Medicare tax withheld", "$1,812.50"],
            ["12a", "D - Elective deferrals to a 401(k)", "$6,550.00"],
            ["12b", "W - Employer contributions to an HSA", "$1,200.00"],
            ["16", "State wages, tips, etc. (OH)", "$118,450.00"],
            ["17", "State income tax", "$3,104.22"],
            ["18", "Local wages (Dayton)", "$125,000.00"],
            ["19", "Local income tax", "$3,125.00"],
        ],
        widths=[40, 280, 110],
    )
    pdf.para("Box 13: Retirement plan [X]. Statutory employee [ ]. Third-party sick pay [ ].")
    return pdf


def pay_stub() -> Paper:
    pdf = Paper("Northwind Labs Inc.", "Earnings Statement   Pay date March 15, 2024")
    pdf.add_page()
    pdf.pairs(
        [
            ("Employee", "Casey M. Rivera   ID 00917"),
            ("Pay period", "03/01/2024 - 03/15/2024"),
            ("Pay frequency", "Semi-monthly"),
            ("Net pay", "$3,254.11"),
        ]
    )
    pdf.heading("Earnings")
    pdf.grid(
        ["Description", "Rate", "Hours", "Current", "Year to date"],
        [
            ["Regular", "$57.69", "80.00", "$4,615.38", "$23,076.90"],
            ["Holiday", "$57.69", "0.00", "$0.00", "$461.52"],
            ["Gross pay", "", "", "$4,615.38", "$23,538.42"],
        ],
        widths=[110, 70, 60, 90, 100],
    )
    pdf.heading("Deductions")
    pdf.grid(
        ["Description", "Current", "Year to date"],
        [
            ["Federal income tax", "$498.10", "$2,490.50"],
            ["Social security", "$286.15", "$1,430.75"],
            ["Medicare", "$66.92", "$334.60"],
            ["OH state income tax", "$121.37", "$606.85"],
            ["Dayton city tax", "$115.38", "$576.90"],
            ["401(k) 6%", "$276.92", "$1,384.60"],
            ["Medical PPO pre-tax", "$142.15", "$710.75"],
            ["Dental", "$18.40", "$92.00"],
            ["Total deductions", "$1,361.27", "$6,806.35"],
        ],
        widths=[200, 100, 120],
    )
    pdf.para(
        "Net pay $3,254.11 deposited to checking ...4471. Paid time off balance: 86.5 hours. "
        "Employer 401(k) match this period: $138.46."
    )
    return pdf


def auto_insurance() -> Paper:
    pdf = Paper("Great Lakes Mutual Insurance", "Personal Auto Policy Declarations")
    pdf.add_page()
    pdf.pairs(
        [
            ("Policy number", "PA-2087-3301"),
            ("Policy period", "January 15, 2024 to July 15, 2024"),
            ("Six-month premium", "$684.00"),
            ("Drivers", "Jordan A. Rivera, Casey M. Rivera"),
        ]
    )
    pdf.heading("Vehicles")
    pdf.grid(
        ["Veh", "Year / make / model", "VIN"],
        [
            ["1", "2021 Subaru Outback", "4S4BTANC5M3112207"],
            ["2", "2018 Honda Civic", "19XFC2F59JE004418"],
        ],
        widths=[40, 220, 170],
    )
    pdf.heading("Coverages")
    pdf.grid(
        ["Coverage", "Limits", "Veh 1", "Veh 2"],
        [
            [
                "Bodily injury liability",
                "$100,000 each person / $300,000 each accident",
                "$142.00",
                "$131.00",
            ],
            ["Property damage liability", "$100,000 each accident", "$88.00", "$84.00"],
            ["Collision", "$500 deductible", "$104.00", "$61.00"],
            ["Comprehensive", "$250 deductible", "$38.00", "$22.00"],
            ["Rental reimbursement", "$40 per day / 30 days", "$14.00", "not covered"],
        ],
        widths=[130, 190, 55, 55],
    )
    pdf.para(
        "Roadside assistance: not covered on either vehicle. Rideshare driving (using a "
        "vehicle for a transportation network company): not covered."
    )
    return pdf


def mortgage_statement() -> Paper:
    pdf = Paper("Lakeshore Mortgage Servicing", "Mortgage Statement   Loan number 0061-448-2190")
    pdf.add_page()
    pdf.pairs(
        [
            ("Statement date", "March 2, 2024"),
            ("Payment due date", "March 16, 2024"),
            ("Amount due", "$2,871.44"),
            ("If received after March 31, 2024, a late fee of", "$143.57 will be charged"),
        ],
        label_width=250,
    )
    pdf.heading("Explanation of Amount Due")
    pdf.grid(
        ["", "Amount"],
        [
            ["Principal", "$689.12"],
            ["Interest", "$1,402.30"],
            ["Escrow (for taxes and insurance)", "$780.02"],
            ["Regular monthly payment", "$2,871.44"],
            ["Total fees and charges", "$0.00"],
            ["Overdue payment", "$0.00"],
            ["Total amount due", "$2,871.44"],
        ],
        widths=[300, 120],
    )
    pdf.heading("Account Information")
    pdf.pairs(
        [
            ("Outstanding principal", "$312,908.17"),
            ("Interest rate (until January 2029)", "5.375%"),
            ("Prepayment penalty", "None"),
            ("Escrow balance", "$3,117.66"),
        ]
    )
    pdf.add_page()
    pdf.heading("Past Payments Breakdown")
    pdf.grid(
        ["", "Paid last month", "Paid year to date"],
        [
            ["Principal", "$686.05", "$1,369.03"],
            ["Interest", "$1,405.37", "$2,813.82"],
            ["Escrow", "$780.02", "$1,560.04"],
            ["Fees", "$0.00", "$0.00"],
            ["Total", "$2,871.44", "$5,742.89"],
        ],
        widths=[160, 130, 130],
    )
    pdf.para(
        "Escrow analysis: your 2024 property tax installments and homeowners premium are "
        "paid from escrow. The next escrow analysis will be mailed in June 2024."
    )
    return pdf


def interest_1099() -> Paper:
    pdf = Paper("Form 1099-INT  Interest Income  2023", "Copy B For Recipient")
    pdf.add_page()
    pdf.pairs(
        [
            ("Payer's name", "Buckeye Federal Credit Union, 1 Credit Union Way, Dayton, OH 45402"),
            ("Payer's TIN", "31-0764418"),
            ("Recipient's name", "Jordan A. Rivera"),
            ("Account number", "...9902"),
        ],
        label_width=130,
    )
    pdf.grid(
        ["Box", "Description", "Amount"],
        [
            ["1", "Interest income", "$1,284"],
            ["2", "Early withdrawal penalty", "$0"],
            ["3", "Interest on U.S. Savings Bonds and Treasury obligations", "$0"],
            ["4", "Federal income tax withheld", "$0"],
            ["8", "Tax-exempt interest", "$0"],
        ],
        widths=[40, 300, 90],
    )
    pdf.para(
        "This is important tax information and is being furnished to the IRS. If you are "
        "required to file a return, a negligence penalty or other sanction may be imposed "
        "on you if this income is taxable and the IRS determines that it has not been reported."
    )
    return pdf


def phone_bill() -> Paper:
    pdf = Paper("Crescent Wireless", "Monthly Bill   Account 5521-0093")
    pdf.add_page()
    pdf.pairs(
        [
            ("Bill period", "Mar 08 - Apr 07, 2024"),
            ("Total due", "$96.48"),
            ("Due by", "April 30, 2024"),
            ("AutoPay", "On - scheduled for April 25, 2024"),
        ]
    )
    pdf.grid(
        ["Line", "Plan", "Charges"],
        [
            ["(937) 555-0141 Jordan", "Unlimited Plus", "$45.00"],
            ["(937) 555-0186 Casey", "Unlimited Plus", "$35.00"],
            ["Device payment 14 of 24 (Casey)", "", "$8.34"],
            ["AutoPay discount", "", "-$10.00"],
            ["Taxes, fees and surcharges", "", "$18.14"],
            ["Total", "", "$96.48"],
        ],
        widths=[200, 130, 100],
    )
    pdf.para("International roaming was not used this period. Remaining device balance: $83.40.")
    return pdf


def medical_eob() -> Paper:
    pdf = Paper("Buckeye Health Plan", "Explanation of Benefits - THIS IS NOT A BILL")
    pdf.add_page()
    pdf.pairs(
        [
            ("Member", "Casey M. Rivera   ID BHP-44102-02"),
            ("Claim number", "24-0311-88712"),
            ("Provider", "Dayton Orthopedic Associates"),
            ("Date of service", "February 27, 2024"),
        ]
    )
    pdf.grid(
        ["Service", "Billed", "Plan discount", "Not covered", "Plan paid", "You owe"],
        [
            ["Office visit, specialist", "$310.00", "$118.00", "$0.00", "$152.00", "$40.00"],
            ["X-ray, knee 3 views", "$240.00", "$96.00", "$0.00", "$115.20", "$28.80"],
            ["Knee brace (DME)", "$185.00", "$0.00", "$115.40", "$0.00", "$69.60"],
            ["Totals", "$735.00", "$214.00", "$115.40", "$267.20", "$138.40"],
        ],
        widths=[130, 60, 70, 70, 60, 60],
    )
    pdf.para(
        "Remark N130: the knee brace exceeds the plan's allowance for durable medical "
        "equipment; the amount above the allowance is not covered and is your "
        "responsibility. Deductible met to date: $1,500.00 of $1,500.00. Out-of-pocket "
        "maximum met to date: $2,214.80 of $6,000.00."
    )
    return pdf


def property_tax() -> Paper:
    pdf = Paper("Montgomery County Treasurer", "Real Property Tax Bill  Tax Year 2023 Payable 2024")
    pdf.add_page()
    pdf.pairs(
        [
            ("Parcel number", "R72 11804 0031"),
            ("Owner", "RIVERA JORDAN A & CASEY M"),
            ("Property location", "4128 LARKSPUR LN"),
            ("Appraised value", "$410,000"),
            ("Assessed value (35%)", "$143,500"),
        ]
    )
    pdf.grid(
        ["", "Amount"],
        [
            ["Gross real estate tax", "$9,918"],
            ["Tax reduction (rollback)", "-$2,480"],
            ["Owner occupancy credit", "-$595"],
            ["Net annual tax", "$6,843"],
            ["First half due February 16, 2024", "$3,422"],
            ["Second half due July 19, 2024", "$3,421"],
        ],
        widths=[300, 120],
    )
    pdf.para(
        "Taxes are paid by your mortgage servicer from escrow. Penalty for late payment: 10% "
        "of the unpaid half."
    )
    return pdf


DOCUMENTS = {
    "f1040-2023": (form_1040, "Form 1040 individual income tax return, 2023"),
    "adt-2024-03": (alarm_bill, "SafeHaven home alarm monitoring statement, March 2024"),
    "utility-2024-02": (utility_bill, "Miami Valley Power & Gas bill, February 2024"),
    "bank-2024-03": (bank_statement, "Buckeye Federal checking and savings statement, March 2024"),
    "ins-home-2024": (home_insurance, "Great Lakes Mutual homeowners declarations, 2024-2025"),
    "cc-2024-04": (credit_card, "Harborline Visa statement, April 2024"),
    "w2-2023": (wage_statement, "Form W-2 wage and tax statement, 2023"),
    "paystub-2024-03-15": (pay_stub, "Northwind Labs earnings statement, March 15 2024"),
    "ins-auto-2024": (auto_insurance, "Great Lakes Mutual auto declarations, 2024"),
    "mortgage-2024-03": (mortgage_statement, "Lakeshore mortgage statement, March 2024"),
    "1099int-2023": (interest_1099, "Form 1099-INT interest income, 2023"),
    "phone-2024-03": (phone_bill, "Crescent Wireless bill, March 2024"),
    "eob-2024-02": (medical_eob, "Buckeye Health Plan explanation of benefits, February 2024"),
    "proptax-2023": (property_tax, "Montgomery County property tax bill, tax year 2023"),
}


def main() -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    for doc_id, (build, _title) in DOCUMENTS.items():
        pdf = build()
        pdf.set_title(_title)
        pdf.set_author("ragtriage finance corpus (invented data)")
        pdf.output(str(DOCS / f"{doc_id}.pdf"))
        print(f"wrote docs/{doc_id}.pdf ({pdf.pages_count} pages)")


if __name__ == "__main__":
    main()
